package io.hivenosql.api.hive.line;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an override of a Hive method that exists only from the given Hive version on: an older Hive never calls it,
 * and what it would do degrades to Hive's own path there (for example, no runtime join keys: Hive reads the table and
 * joins itself). Types the method names may be missing on older lines; it must only be reached through Hive.
 *
 * <p>The compat modules' link check holds every mark to the truth on each line: below the version the method must
 * override nothing (and its code is not linked), from the version on it must override a Hive method, so that a
 * changed Hive signature can never leave a hook silently uncalled.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface HookSince {
    /** The first Hive version that calls the method, e.g. {@code "4.0"} or {@code "4.1"}. */
    String value();
}
