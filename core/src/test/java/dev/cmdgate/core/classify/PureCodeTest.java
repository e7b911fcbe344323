package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.rules.Purity;
import dev.cmdgate.core.rules.RuleSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The strict reader of one-line programs that only compute and print, with the built-in {@code pure} rows: what it
 * takes for pure, and everything it must not (names looked up at run time, dunder attributes, comments, escapes,
 * f-strings and templates, names bound only where the code does not run).
 */
class PureCodeTest {

    private static final RuleSet RULES = RuleSet.builtin();

    private static PureCode.Outcome py(String code) {
        Purity p = RULES.language("python").purity();
        return PureCode.read(p, "python", code);
    }

    private static PureCode.Outcome js(String code) {
        Purity p = RULES.language("javascript").purity();
        return PureCode.read(p, "javascript", code);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "print(1+2)",
        "import sys,json; d=json.load(sys.stdin); print(len(d))",
        "import json,sys; print(json.load(sys.stdin)[\"name\"])",
        "import sys; print(sys.version)",
        "from collections import Counter as C; print(C('abca').most_common(1))",
        "print([x * 2 for x in range(3) if x])",
        "print({k: v for k, v in {'a': 1}.items()})",
        "print(sorted([3, 1], key=lambda v: -v))",
        "import sys\nprint(sys.argv[1:])",
        "print(r'\\d+', b'x', 'a#b', \"it's\")",
        "print(1, end='', file=None)",
        "a, b = 1, 2; print(a + b)",
        "print(1 if True else 2)",
        "print(0x1F, 1_000, 1.5e3, .5, 2j)",
        "print('é')",
    })
    void pythonThatOnlyComputesAndPrintsIsPure(String code) {
        PureCode.Outcome o = py(code);
        assertThat(o.pure()).as(o.why()).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "getattr(str, 'upper')",
        "print(__builtins__)",
        "vars()",
        "import sys; print(sys.modules)",
        "import importlib",
        "import ctypes",
        "import os",
        "import os.path",
        "print(f'{1}')",
        "print(F'x')",
        "print(rf'x')",
        "print('''x''')",
        "print((x := 1))",
        "@print\ndef f(): pass",
        "print(1) # comment",
        "print(1) \\\n+ 1",
        "\\u0065val('1')",
        "print(1)\n    print(2)",
        " print(1)",
        "print((1)",
        "print(1))",
        "print([1)]",
        "print('x)",
        "print(().__class__)",
        "print(str.mro)",
        "print('{0.__class__}'.format(1))",
        "exec('1')",
        "eval('1')",
        "compile('1', 'f', 'eval')",
        "globals()",
        "open('x', 'w')",
        "open(name)",
        "print(open)",
        "json.load(open('x','w'))",
        "import sys; sys.stdout.buffer.raw.fileno()",
        "import sys; sys.setrecursionlimit(9)",
        "import sys; sys.path.insert(0, '/tmp')",
        "[exec for exec in [1]]; exec('x')",
        "[1 for exec in exec('import os')]",
        "f = lambda: exec",
        "if 1: exec = print\nexec('x')",
        "exec = exec('import os')",
        "for exec in []: pass",
        "help(str)",
        "breakpoint()",
        "from os import *",
        "from . import x",
        "from json import __loader__",
        "import json as __x",
        "print(1); print(ｅｘｅｃ)",
        "print(1)\r\nprint(2)",
        "x.y.__globals__",
        "print(1..real)",
        "lambda x=exec: x",
    })
    void pythonThatMayDoMoreIsNotPure(String code) {
        assertThat(py(code).pure()).as(code).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "console.log(require(\"./package.json\").version)",
        "process.versions.node",
        "console.log([1, 2].map(x => x * 2).join(','))",
        "console.log([[1, 2]].map((a, b) => a))",
        "const p = require('./package.json'); console.log(p.name)",
        "console.log({a: 1, b: [2]})",
        "console.log(a => 1, [1][0], 'x'['length'])",
        "console.log(6 / 2)",
    })
    void javaScriptThatOnlyComputesAndPrintsIsPure(String code) {
        PureCode.Outcome o = js(code);
        assertThat(o.pure()).as(o.why()).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "require('child_process').execSync('id')",
        "require('fs')",
        "require('../package.json')",
        "require('./lib')",
        "require('./a/../package.json')",
        "require(x)",
        "console.log(require)",
        "[].constructor.constructor('return 1')()",
        "const k = 'constructor'; [][k][k]('x')",
        "[]['constructor']",
        "console.log(`${1}`)",
        "console.log(`x`)",
        "process.binding('spawn_sync')",
        "process.env.HOME",
        "new Function('x')",
        "import('fs')",
        "eval('1')",
        "console.log(1) /* x */",
        "console.log(1) // x",
        "console.log(1) <!-- x",
        "x --> 0",
        "console.log(\\u0065val)",
        "console.log({}.__proto__)",
        "console.log(/x/.source)",
        "console.log(1)\nconsole.log(2)",
        "eval = 1\neval('x')",
        "console.log(globalThis)",
        "console.log(this)",
        "#!/x\n1",
        "console.log(Object.prototype)",
        "console.log(1..constructor)",
        "(eval => 1)(0), eval('x')",
        "eval => {}; eval('x')",
        "console.log({eval})",
    })
    void javaScriptThatMayDoMoreIsNotPure(String code) {
        assertThat(js(code).pure()).as(code).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "Object.entries(process).find(e => e[0] == 'kill')[1](1)",
        "Object.values(process).find(f => f.name == 'binding')('fs')",
        "Object.keys(process)",
        "Object.values(process)[0]",
        "[process].map(p => p)",
        "const p = process; console.log(p.pid)",
        "console.log(Object.entries(console))",
        "console.log(Object.values(Buffer))",
        "console.log([JSON, Math].length)",
        "Object.entries(Object)",
        "console.log(process)",
        "console.log(process[0])",
    })
    void aNamespaceIsNeverAValue(String code) {
        assertThat(js(code).pure()).as(code).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "console.log(Object.keys(process.versions).length)",
        "console.log(process.argv.slice(2).map(a => a.toUpperCase()))",
        "console.log(JSON.stringify(Object.entries({a: 1})))",
        "console.log(Math.max(...[1, 2]))",
        "[1, 2].map(process => process + 1)",
    })
    void aNamespaceFollowedByAnAttributeIsFine(String code) {
        PureCode.Outcome o = js(code);
        assertThat(o.pure()).as(o.why()).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "import sys; print(sorted([sys], key=str))",
        "import sys; s = sys; print(s.argv)",
        "import json as j; print(list(map(print, [j])))",
        "import sys; print(max(sys, key=len))",
        "import urllib.parse; print(urllib)",
    })
    void anImportedModuleIsNeverAValue(String code) {
        assertThat(py(code).pure()).as(code).isNull();
    }

    @Test
    void theReaderReportsWhatItReadsAndImports() {
        PureCode.Pure p = py("import json, urllib.parse; print(json.load(open('a.json')))").pure();
        assertThat(p.modules()).containsExactly("json", "urllib");
        assertThat(p.reads()).containsExactly("a.json");
        assertThat(js("require('./package.json'); require('./sub/x.json')").pure().jsonFiles())
                .containsExactly("./package.json", "./sub/x.json");
    }

    @Test
    void aLanguageWithoutPureRowsOrReaderIsNeverPure() {
        assertThat(PureCode.read(RULES.language("ruby").purity(), "ruby", "puts 1").pure()).isNull();
        assertThat(PureCode.read(RULES.language("python").purity(), "ruby", "print(1)").pure()).isNull();
        assertThat(py("print(1)" + " ".repeat(PureCode.MAX_CODE)).pure()).isNull();
    }
}
