package dev.cmdgate.core.policy;

/** Passport JSON for tests: the seed's example limits with a few knobs. */
final class Passports {

    private Passports() {
    }

    static String json(String status, String capabilities, String limits) {
        return """
                {
                  "passport_id": "pass_abc123",
                  "owner_id": "org_12345",
                  "assurance_level": "L0",
                  "status": "%s",
                  "capabilities": [%s],
                  "limits": { "system.command.execute": { %s } },
                  "x_unknown": {"kept": ["for", "the", "digest"]}
                }
                """.formatted(status, capabilities, limits);
    }

    static final String SEED_LIMITS = """
            "allowed_commands": ["npm", "yarn", "pnpm", "git", "node", "bash", "sh", "python", "pip", "ls", "cat", "echo", "cd", "rm", "curl"],
            "blocked_patterns": ["rm -rf", "sudo", "chmod 777", "dd if=", "mkfs", "> /dev/", "curl | bash", "wget | sh"],
            "max_execution_time": 300,
            "allowed_working_directories": ["/workspace", "/tmp", "/home/agent"],
            "blocked_env_vars": ["PATH", "LD_LIBRARY_PATH", "LD_PRELOAD"]
            """;

    static final String CAP = "{\"id\": \"system.command.execute\"}";

    static Passport active(String limits) {
        return Passport.parse(json("active", CAP, limits), "test passport");
    }

    static Passport seed() {
        return active(SEED_LIMITS);
    }
}
