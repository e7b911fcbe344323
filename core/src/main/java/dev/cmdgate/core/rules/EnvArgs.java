package dev.cmdgate.core.rules;

/**
 * An {@code env-args} or {@code env-pairs} row: a variable whose value a program reads as more of its
 * own arguments, so the value is judged as those arguments would be.
 *
 * <ul>
 *   <li>{@code env-args tar TAR_OPTIONS}: the value is split into words (shell-like quotes) that tar
 *       takes before its own arguments ({@code option} null);</li>
 *   <li>{@code env-args git -c GIT_CONFIG_PARAMETERS}: each word of the value is the value of git's
 *       {@code -c};</li>
 *   <li>{@code env-pairs git -c GIT_CONFIG_KEY_ GIT_CONFIG_VALUE_}: {@code GIT_CONFIG_KEY_<n>} and
 *       {@code GIT_CONFIG_VALUE_<n>} together are the value {@code KEY=VALUE} of git's {@code -c}
 *       ({@code keyPrefix} and {@code valuePrefix} set).</li>
 * </ul>
 *
 * @param program     the program whose arguments these are
 * @param option      the option each word (or pair) is the value of, or null
 * @param keyPrefix   env-pairs: the prefix of the key variables, else null
 * @param valuePrefix env-pairs: the prefix of the value variables, else null
 */
public record EnvArgs(String program, String option, String keyPrefix, String valuePrefix) {

    /** True for an {@code env-pairs} row. */
    public boolean pairs() {
        return keyPrefix != null;
    }
}
