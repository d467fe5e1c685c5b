#pragma once

// A provider's network fields in a suite (proxy, proxy_auth, ca_file, client_cert, client_key,
// http_version; docs/suite-format.md): read and written. Internal to domain/.

#include "domain/network_settings.h"
#include "domain/suite_fields.h"

namespace ys::suitefields {

// The field names, for the provider's list of known fields.
inline constexpr const char *kNetworkFieldNames[] = {"proxy",       "proxy_auth", "ca_file",
                                                     "client_cert", "client_key", "http_version"};

// Reads the network fields of the provider object p. Throws SuiteError naming the field.
NetworkSettings parseNetworkFields(const json &p, const QString &where);
// Writes the fields that differ from the defaults into the provider object j.
void writeNetworkFields(const NetworkSettings &settings, json &j);

} // namespace ys::suitefields
