package dev.cmdgate.core.classify;

import static dev.cmdgate.core.classify.SteeringTest.assertClass;
import static dev.cmdgate.core.classify.SteeringTest.files;
import static dev.cmdgate.core.classify.SteeringTest.judge;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.LaunchSite;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Launches of an interpreter with a pure one-liner: Read only when the working directory holds nothing the
 * interpreter would import in place of a standard module, the JSON file required is a regular file, the options
 * are only those the row allows, and the launch's files are seen at all.
 */
class PureLaunchesTest {

    private static final String PY = "python3 -c 'import sys,json; print(len(json.load(sys.stdin)))'";

    @Test
    void aPureOneLinerInACleanDirectoryIsRead() {
        assertClass(judge(PY, files("README.md", "x")), CommandClass.READ);
        assertClass(judge("node -p 'process.versions.node'", files("README.md", "x")), CommandClass.READ);
    }

    @Test
    void aModuleInTheWorkingDirectoryMakesItCode() {
        assertClass(judge(PY, files("json.py", "import os")), CommandClass.WRITE);
        // a module the standard ones import in turn (json imports re), a compiled one, a package
        assertClass(judge(PY, files("re.py", "import os")), CommandClass.WRITE);
        assertClass(judge(PY, files("json.pyc", "x")), CommandClass.WRITE);
        assertClass(judge(PY, files("json.cpython-312-x86_64-linux-gnu.so", "x")), CommandClass.WRITE);
        assertClass(judge(PY, files("enum/__init__.py", "import os")), CommandClass.WRITE);
        // a directory without __init__ is no regular package: a namespace portion runs no code
        assertClass(judge(PY, files("docs/index.md", "x")), CommandClass.READ);
        // -I and -P keep the working directory off sys.path
        assertClass(judge("python3 -I -c 'import json; print(1)'", files("json.py", "import os")), CommandClass.READ);
        assertClass(judge("python3 -P -c 'import json; print(1)'", files("json.py", "import os")), CommandClass.READ);
    }

    @Test
    void requireOfAJsonFileNeedsARegularFile() {
        String line = "node -e 'console.log(require(\"./package.json\").version)'";
        assertClass(judge(line, files("package.json", "{}")), CommandClass.READ);
        assertClass(judge(line, files("package.json/index.js", "require('child_process')")), CommandClass.WRITE);
        assertClass(judge(line, files("README.md", "x")), CommandClass.WRITE);
    }

    @Test
    void otherOptionsOrProgramsKeepItCode() {
        Map<String, String> f = files("README.md", "x");
        assertClass(judge("python3 -i -c 'print(1)'", f), CommandClass.DESTRUCTIVE);
        assertClass(judge("python3 -X importtime -c 'print(1)'", f), CommandClass.WRITE);
        assertClass(judge("node -r ./hook.js -e 'console.log(1)'", f), CommandClass.WRITE);
        assertClass(judge("node --import ./h.mjs -p 1", f), CommandClass.WRITE);
        assertClass(judge("ts-node -e 'console.log(1)'", f), CommandClass.WRITE);
        assertClass(judge("python3 -c 'import os; print(1)'", f), CommandClass.WRITE);
        assertClass(judge("python3 -c \"$CODE\"", f), CommandClass.DESTRUCTIVE);
    }

    @Test
    void aCredentialStoreItOpensIsStillACredentialRead() {
        assertClass(judge("python3 -c 'print(open(\"/home/u/.ssh/id_rsa\").read())'", files("README.md", "x")),
                CommandClass.NETWORK);
    }

    @Test
    void aOneLinerAFileNamesOrThatRunsElsewhereIsCodeAsEver() {
        // git runs a textconv at the top of the working tree: the directory this check does not follow
        assertClass(judge("git diff a.x b.x", files(".git/config", "[diff \"t\"]\n\ttextconv = python3 -c 'print(1)'\n")),
                CommandClass.WRITE);
        assertClass(judge("cd sub && python3 -c 'print(1)'", files("sub/README.md", "x")), CommandClass.WRITE);
    }

    @Test
    void withoutTheLaunchsFilesNothingIsPure() {
        assertClass(SteeringTest.BUILTIN.classifyArgv(List.of("python3", "-c", "print(1)"), Map.of(), LaunchSite.NONE),
                CommandClass.WRITE);
    }
}
