package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.metadata.EndPoint;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a lost replica means for a request: whether a read may go on elsewhere from where it stopped (a lost connection,
 * a node down, a timeout), which nodes failed, and the HNS-204 error when the live replicas cannot meet the consistency
 * level (an {@link UnavailableException}: retrying elsewhere would not help).
 */
final class ReplicaFailures {
    /** How many times one page may be asked for again after a failure. */
    static final int RESUME_ATTEMPTS = 5;

    private ReplicaFailures() {}

    /**
     * Whether another attempt, on another node, may succeed: a lost or refused connection, no answer in time, a node
     * overloaded or still starting. Not a request the server refused (validation, authentication, authorization), not
     * too few live replicas for the consistency level (HNS-204), not a failure the replicas reported.
     */
    static boolean resumable(Throwable e) {
        if (e instanceof AllNodesFailedException all) {
            return all.getAllErrors().values().stream().flatMap(List::stream).allMatch(ReplicaFailures::resumable);
        }
        return e instanceof DriverTimeoutException
                || e instanceof ClosedConnectionException
                || e instanceof HeartbeatException
                || (e instanceof ConnectionInitException && !(e.getCause() instanceof AuthenticationException))
                || e instanceof ReadTimeoutException
                || e instanceof OverloadedException
                || e instanceof BootstrappingException;
    }

    /** The {@link UnavailableException} behind a failure, if that is what it is. */
    static Optional<UnavailableException> unavailable(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnavailableException unavailable) {
                return Optional.of(unavailable);
            }
            if (cause instanceof AllNodesFailedException all) {
                Optional<UnavailableException> nested = all.getAllErrors().values().stream()
                        .flatMap(List::stream)
                        .filter(UnavailableException.class::isInstance)
                        .map(UnavailableException.class::cast)
                        .findFirst();
                if (nested.isPresent()) {
                    return nested;
                }
            }
        }
        return Optional.empty();
    }

    /** The nodes a failure names ({@code host:port}, comma-separated), or "the coordinator" when it names none. */
    static String failedNodes(Throwable e) {
        Set<String> nodes = new LinkedHashSet<>();
        if (e instanceof AllNodesFailedException all) {
            all.getAllErrors().keySet().forEach(node -> nodes.add(address(node)));
        } else if (e instanceof CoordinatorException coordinator) {
            nodes.add(address(coordinator.getCoordinator()));
        }
        return nodes.isEmpty() ? "the coordinator" : String.join(",", nodes);
    }

    /** The nodes of {@code nodes} that the driver does not hold UP, as {@code host:port}. */
    static List<String> notUp(Collection<Node> nodes) {
        return nodes.stream()
                .filter(node -> node.getState() != NodeState.UP)
                .map(ReplicaFailures::address)
                .sorted()
                .toList();
    }

    /** Whether the driver holds any of {@code nodes} UP: a retry has somewhere to go. */
    static boolean anyUp(Collection<Node> nodes) {
        return nodes.stream().anyMatch(node -> node.getState() == NodeState.UP);
    }

    /** {@code host:port} of a node (its address, not a host name). */
    static String address(Node node) {
        if (node == null) {
            return "?";
        }
        EndPoint endPoint = node.getEndPoint();
        SocketAddress address = endPoint.resolve();
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress() + ":" + inet.getPort();
        }
        return String.valueOf(address);
    }

    /**
     * The HNS-204 error of {@code failure} when it is (or wraps) a refusal for too few live replicas, naming the nodes
     * the session does not hold up; empty for any other failure.
     */
    static Optional<HandlerException> replicasUnavailable(
            CassandraTable table, boolean write, Throwable failure, CqlSession session) {
        return unavailable(failure)
                .map(e -> replicasUnavailable(
                        table, write, e, notUp(session.getMetadata().getNodes().values())));
    }

    /** The HNS-204 error of a request refused for too few live replicas. */
    static HandlerException replicasUnavailable(
            CassandraTable table, boolean write, UnavailableException e, List<String> unreachable) {
        return new HandlerException(
                HandlerErrorCode.REPLICAS_UNAVAILABLE,
                message(
                        table.name(),
                        table.qualifiedCqlName(),
                        write,
                        e.getConsistencyLevel().name(),
                        e.getRequired(),
                        e.getAlive(),
                        address(e.getCoordinator()),
                        unreachable),
                e);
    }

    /**
     * The message of HNS-204: the table, the consistency level, the replicas it needs and those alive, those it cannot
     * reach, and the two ways out.
     */
    static String message(
            String table,
            String cqlTable,
            boolean write,
            String consistency,
            int required,
            int alive,
            String coordinator,
            List<String> unreachable) {
        requireNonNull(unreachable, "unreachable is null");
        String property = write
                ? CassandraTableProperties.CONSISTENCY_WRITE.key()
                : CassandraTableProperties.CONSISTENCY_READ.key();
        return "cannot " + (write ? "write to" : "read") + " table " + table + " (Cassandra table " + cqlTable
                + ") at consistency " + consistency + ": it needs " + required + " replica" + (required == 1 ? "" : "s")
                + " alive, coordinator " + coordinator + " counts " + alive + "; replicas not reachable: "
                + (unreachable.isEmpty()
                        ? "none known to this client (the coordinator sees them down)"
                        : String.join(", ", unreachable))
                + ". Bring those Cassandra nodes back, or set " + property + " to a level the " + alive
                + " live replica" + (alive == 1 ? "" : "s") + " can meet (e.g. "
                + (alive >= 2 ? "quorum or local-quorum" : "one or local-one") + ")";
    }
}
