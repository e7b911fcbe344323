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
    void aModuleInAnySubdirectoryAnImportCouldNameMakesItCode() {
        // copy (3.6-3.11) tries from org.python.core import …: PEP 420 namespace packages need no __init__
        assertClass(judge(PY, files("org/python/core.py", "open('x', 'w')")), CommandClass.WRITE);
        assertClass(judge(PY, files("org/python/core/__init__.py", "import os")), CommandClass.WRITE);
        assertClass(judge(PY, files("a/b/c/d/mod.pyc", "x")), CommandClass.WRITE);
        // a directory no dotted name can spell is never imported
        assertClass(judge(PY, files(".venv/lib/site.py", "import os", "build-1/x.py", "x")), CommandClass.READ);
        assertClass(judge(PY, files("src/main/java/A.java", "x")), CommandClass.READ);
        // past the depth bound the check fails closed
        assertClass(judge(PY, files("a/b/c/d/e/f/g/h/README.md", "x")), CommandClass.WRITE);
    }

    @Test
    void codeHoldingAFindersPlaceholderIsOnlyKnownAtRunTime() {
        Map<String, String> f = files("README.md", "x");
        assertClass(judge("find . -exec python3 -c 'print(\"{}\")' \\;", f), CommandClass.DESTRUCTIVE);
        assertClass(judge("find . -ok node -e 'console.log(\"x{}x\")' \\;", f), CommandClass.DESTRUCTIVE);
        assertClass(judge("find . -exec sh -c 'echo {}' \\;", f), CommandClass.DESTRUCTIVE);
        assertClass(judge("fd -x python3 -c {/}", f), CommandClass.DESTRUCTIVE);
        assertClass(judge("fd -X node -p '\"{.}\"'", f), CommandClass.DESTRUCTIVE);
        assertClass(judge("fd -e json -x python3 -c 'print(\"{//}\")'", f), CommandClass.DESTRUCTIVE);
        // without a placeholder the code is the one written, and a placeholder as a path is a file found
        assertClass(judge("find . -exec python3 -c 'print(1)' \\;", f), CommandClass.READ);
        assertClass(judge("find . -name '*.py' -exec wc -l {} +", f), CommandClass.READ);
        assertClass(judge("fd -e py -x wc -l {}", f), CommandClass.READ);
        // outside a finder, braces in code are code
        assertClass(judge("python3 -c 'print(\"{}\")'", f), CommandClass.READ);
    }

    @Test
    void aDeviceWhoseOpeningActsIsNoRead() {
        Map<String, String> f = files("README.md", "x");
        assertClass(judge("python3 -c 'print(open(\"/dev/watchdog\"))'", f), CommandClass.DESTRUCTIVE);
        assertClass(judge("cat /dev/watchdog1", f), CommandClass.DESTRUCTIVE);
        assertClass(judge("cat /dev/null", f), CommandClass.READ);
    }

    @Test
    void jsonToolsSecondOperandIsWritten() {
        Map<String, String> f = files("a.json", "{}");
        assertClass(judge("python3 -m json.tool a.json", f), CommandClass.READ);
        assertClass(judge("python3 -m json.tool --indent 4 a.json", f), CommandClass.READ);
        assertClass(judge("python3 -m json.tool a.json a.json", f), CommandClass.WRITE);
        assertClass(judge("python3 -m json.tool --sort-keys - ~/.bashrc", f), CommandClass.DESTRUCTIVE);
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
                CommandClass.DESTRUCTIVE);
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
