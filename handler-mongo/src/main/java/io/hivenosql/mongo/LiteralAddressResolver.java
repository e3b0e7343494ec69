package io.hivenosql.mongo;

import com.mongodb.spi.dns.InetAddressResolver;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The driver's host resolution, except that an address written as such ({@code 10.0.0.5}, {@code ::1}) keeps that text
 * as its host name. With the JDK's own resolution such an address has no name, and the driver asks for one when it
 * opens a TLS connection: the reverse-DNS name, which it sends as the server name (SNI), so the JDK's host name check
 * accepted a certificate that named the reverse-DNS name and not the address the table names. Reverse DNS is not
 * trusted for that (the JDK itself never uses it unless {@code jdk.tls.trustNameService} is set): with this resolver a
 * table that names an address gets a server whose certificate names that address. Names resolve as before.
 */
final class LiteralAddressResolver implements InetAddressResolver {
    static final LiteralAddressResolver INSTANCE = new LiteralAddressResolver();

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private LiteralAddressResolver() {}

    @Override
    public List<InetAddress> lookupByName(String host) throws UnknownHostException {
        InetAddress[] addresses = InetAddress.getAllByName(host);
        if (!isLiteral(host)) {
            return List.of(addresses);
        }
        // a literal resolves without DNS to itself alone
        return List.of(InetAddress.getByAddress(host, addresses[0].getAddress()));
    }

    /** An IPv4 address in dotted form, or an IPv6 address (a name never holds a colon). */
    static boolean isLiteral(String host) {
        return host.indexOf(':') >= 0 || IPV4.matcher(host).matches();
    }
}
