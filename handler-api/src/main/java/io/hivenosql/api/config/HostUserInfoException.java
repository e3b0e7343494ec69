package io.hivenosql.api.config;

/**
 * A host entry that holds user information ({@code user@host} or {@code user:password@host}). The message never
 * contains the entry: the part before {@code @} may be a password.
 */
public final class HostUserInfoException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public HostUserInfoException() {
        super("an entry holds user information (user@host or user:password@host), which every user who can DESCRIBE "
                + "the table could read; the value is not shown. Remove it: give the user in the store's user "
                + "property and the password's alias in its password.alias property (the password itself in a Hadoop "
                + "credential provider)");
    }
}
