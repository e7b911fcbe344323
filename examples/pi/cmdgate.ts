// cmdgate for pi (badlogic/pi-mono): every tool call that carries a shell command is handed to
// `cmdgate hook pi` before it runs, and runs only when cmdgate answers allow. Anything else — a deny, a
// command that needs approval, no answer within the time limit, cmdgate missing or failing, an answer that
// does not read — blocks the call with the reason. pi blocks a call whose handler throws, too.
//
// Install: copy this file to ~/.pi/agent/extensions/cmdgate.ts (all projects) and set CMDGATE below to the
// absolute path of the cmdgate launcher; `pi -e ./cmdgate.ts` loads it for one session. See docs/coding-agents.md.
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { spawn } from "node:child_process";

/** The launcher of a cmdgate checkout or installation (absolute path), and its options (e.g. --config FILE). */
const CMDGATE = "/opt/cmdgate/cmdgate";
/** The JDK's bin directory cmdgate runs with: the hook takes no java from pi's own PATH. */
const JAVA_BIN = "/usr/lib/jvm/java-17-openjdk-amd64/bin";
const OPTIONS: string[] = [];
/** cmdgate answers within its own 10 s deadline; past this, the call is blocked. */
const TIME_LIMIT_MS = 15_000;
/** Input members under which a tool carries a command: any tool with one is judged, not only bash. */
const COMMAND_MEMBERS = ["command", "cmd", "commandLine", "command_line", "script", "shell_command"];

type Verdict = { allow: boolean; reason: string };

function ask(event: { toolName: string; toolCallId: string; input: unknown }, cwd: string): Promise<Verdict> {
  return new Promise((resolve) => {
    // bash -p: no BASH_ENV and no functions from pi's environment; a PATH of its own (as `cmdgate hook install` writes)
    const env = { ...process.env, PATH: `${JAVA_BIN}:/usr/local/bin:/usr/bin:/bin` };
    const child = spawn("/bin/bash", ["-p", CMDGATE, "hook", "pi", ...OPTIONS], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    let settled = false;
    const finish = (v: Verdict) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(v);
      }
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish({ allow: false, reason: `cmdgate did not answer within ${TIME_LIMIT_MS} ms, so the command was not run` });
    }, TIME_LIMIT_MS);
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", (e) => finish({ allow: false, reason: `cmdgate could not be started (${e.message}), so the command was not run` }));
    child.on("close", (code) => {
      let answer: { decision?: string; reason?: string } | undefined;
      try {
        answer = JSON.parse(out);
      } catch {
        answer = undefined;
      }
      if (code === 0 && answer?.decision === "allow") {
        finish({ allow: true, reason: "" });
      } else {
        finish({ allow: false, reason: answer?.reason || err.trim() || `cmdgate ended with status ${code}, so the command was not run` });
      }
    });
    child.stdin.on("error", () => { /* cmdgate stopped reading: its answer decides */ });
    child.stdin.end(JSON.stringify({ toolName: event.toolName, toolCallId: event.toolCallId, input: event.input, cwd }));
  });
}

export default function (pi: ExtensionAPI) {
  pi.on("tool_call", async (event, ctx) => {
    const input = (event.input ?? {}) as Record<string, unknown>;
    if (event.toolName !== "bash" && !COMMAND_MEMBERS.some((m) => input[m] !== undefined)) {
      return undefined; // a tool that runs no command: no opinion
    }
    const verdict = await ask(event, ctx.cwd);
    return verdict.allow ? undefined : { block: true, reason: verdict.reason };
  });
}
