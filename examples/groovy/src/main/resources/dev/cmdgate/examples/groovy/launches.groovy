// A Groovy script that launches processes the Groovy way, as build scripts, Jenkins pipelines and
// admin consoles do. `ws` (a File) is bound by the Java host. It knows nothing about cmdgate.
def attempt(String label, Closure<Process> launch) {
    try {
        Process p = launch()
        def out = new StringBuilder(), err = new StringBuilder()
        p.waitForProcessOutput(out, err)
        println "RAN     ${label} (exit ${p.exitValue()})"
    } catch (SecurityException e) {
        println "REFUSED ${label} — ${e.class.name}: ${e.message}"
    } catch (Exception e) {
        println "FAILED  ${label} — ${e.class.name}: ${e.message}"
    }
}

attempt('"ls".execute()')                                  { "ls".execute(null, ws) }
attempt('"touch groovy-string.txt".execute()')             { "touch groovy-string.txt".execute(null, ws) }
attempt('["sh","-c","echo hi > groovy-list.txt"].execute()') { ["sh", "-c", "echo hi > groovy-list.txt"].execute(null, ws) }
attempt('["sh","-c","rm -rf scratch"].execute()')          { ["sh", "-c", "rm -rf scratch"].execute(null, ws) }
attempt('"git status" | "wc -l" (Groovy pipe)')            { "git status".execute(null, ws) | "wc -l".execute(null, ws) }
