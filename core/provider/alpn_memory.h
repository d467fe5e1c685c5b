#pragma once

#include <QUrl>
#include <optional>

namespace ys {

// What the process learned of each https:// origin's HTTP versions: whether its TLS handshake
// offered HTTP/2 (by ALPN). With http_version "auto", an origin that does not offer it is
// spoken to over the lanes' own HTTP/1.1 client; one that does, or is not known yet, through
// QtNetwork, which negotiates HTTP/2. Thread-safe.
class AlpnMemory {
public:
    static void note(const QUrl &url, bool offersHttp2);
    static std::optional<bool> offersHttp2(const QUrl &url);
    static void forgetAll(); // for tests
};

} // namespace ys
