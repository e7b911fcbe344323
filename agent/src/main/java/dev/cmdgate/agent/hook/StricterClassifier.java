package dev.cmdgate.agent.hook;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.LaunchSite;
import java.util.List;
import java.util.Map;

/**
 * The user's classifier, raised — never lowered — by the rules of the projects a call runs in: a project's
 * classification counts where it is higher than both the user's and the built-in rules' alone. So a project's
 * rows can add findings, but its trust rows and its overrides of built-in rows change nothing, and a project with
 * a rules file leaves the user's own trust rows working for every line the project does not rate higher.
 */
final class StricterClassifier implements CommandClassifier {

    private final CommandClassifier user;
    private final List<CommandClassifier> projects;
    private final CommandClassifier builtin;

    StricterClassifier(CommandClassifier user, List<CommandClassifier> projects, CommandClassifier builtin) {
        this.user = user;
        this.projects = List.copyOf(projects);
        this.builtin = builtin;
    }

    @Override
    public Classification classifyArgv(List<String> argv, Map<String, String> environmentChanges) {
        return classifyArgv(argv, environmentChanges, LaunchSite.NONE);
    }

    @Override
    public Classification classifyArgv(List<String> argv, Map<String, String> environmentChanges, LaunchSite site) {
        Classification c = user.classifyArgv(argv, environmentChanges, site);
        if (projects.isEmpty()) {
            return c;
        }
        Classification base = builtin.classifyArgv(argv, environmentChanges, site);
        for (CommandClassifier p : projects) {
            Classification pc = p.classifyArgv(argv, environmentChanges, site);
            if (higher(pc, base) && higher(pc, c)) {
                c = pc;
            }
        }
        return c;
    }

    @Override
    public boolean trustsOutput(List<String> argv, String path, LaunchSite site) {
        return false;   // a hook's commands have no output files of the JDK's
    }

    @Override
    public boolean dependsOnSite() {
        return true;
    }

    static boolean higher(Classification a, Classification b) {
        int byClass = a.commandClass().compareTo(b.commandClass());
        return byClass > 0 || (byClass == 0 && a.level().compareTo(b.level()) > 0);
    }
}
