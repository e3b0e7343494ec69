package io.hivenosql.it;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/** A {@code Kerberos*IT} class: the run's Kerberized cluster ({@link KerberosStack}) and a session of the analyst's. */
@ExtendWith(KerberosStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BaseKerberosIT {
    protected KerberosStack.Resources stack;
    protected KerberosStack.Session session;

    @BeforeAll
    void openSession(KerberosStack.Resources stack) throws Exception {
        this.stack = stack;
        session = stack.session();
    }

    @AfterAll
    void closeSession() throws SQLException {
        if (session != null) {
            session.close();
        }
    }
}
