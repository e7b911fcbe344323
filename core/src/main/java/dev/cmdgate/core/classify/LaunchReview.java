package dev.cmdgate.core.classify;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.Finding;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.rules.Rating;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the party running the classifier knows about a launch that the rules cannot: the agent hands cmdgate on
 * to the JVMs a gated JVM starts, and only it can tell whether a launch would start one without cmdgate or run
 * code in it before cmdgate starts. A classifier given a review ({@link RulesClassifier#withReview}) raises
 * {@link #verdict()} wherever the command tree changes one of {@link #guardedVariables()} — however it is
 * written: inline, exported, by {@code read} or {@code printf -v}, through a nameref, as a loop variable, under a
 * name only known at run time — and adds the review's own findings to every classification.
 */
public interface LaunchReview {

    /**
     * Variables the command tree must leave as the launch has them. A change in the launch's own environment is
     * the review's to judge ({@link #review}), not the classifier's: the agent hands cmdgate on through it.
     */
    Set<String> guardedVariables();

    /** The verdict of a change to a guarded variable inside the command tree. */
    Rating verdict();

    /**
     * Further findings about a classified launch ({@code environmentChanges}: the variables the launch itself
     * sets); empty when there are none. May read files the launch names (a JVM's options files, a jar's
     * manifest); must not throw.
     */
    List<Finding> review(List<String> argv, Map<String, String> environmentChanges, LaunchSite site,
            Classification classification);

    /**
     * Whether {@link #review} looked at files for this classification: a verdict that depends on the contents
     * of a file is not reused for the next launch of the same command.
     */
    boolean readsFiles(Classification classification);
}
