#pragma once

#include "storage/session_bundle.h"

#include <QSqlQuery>
#include <QString>
#include <QVariant>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ys {

class Database;

// The rows of a session bundle as JSON values, and the columns of a table as the database
// declares them: what export and import share (docs/bundles.md).
namespace BundleRows {

using json = nlohmann::json;

// The derived table: a bundle names the runs that had a digest, and the import digests them
// again (the packed attempts are in the exporting machine's byte order).
inline constexpr QLatin1StringView kDigests("run_stream_digests");

struct Column {
    QString name;
    QString type; // as the database declares it, lower case
};

QString sqlError(const QSqlQuery &q);
bool setFailure(SessionBundle::Failure *out, SessionBundle::Failure why);
// The table's columns in their order; empty (with *error) when it has none.
std::vector<Column> columnsOf(Database &db, const QString &table, QString *error);
QStringList namesOf(const std::vector<Column> &columns);
// A value as a bundle holds it: JSON null, integer, number or string; bytes and the numbers
// JSON cannot hold are objects saying what they are.
json encode(const QVariant &v);
// A null of the column's declared type, so every driver binds it.
QVariant typedNull(const QString &type);
// A bundle's value for a column of this type; nullopt when it is no value a bundle holds.
std::optional<QVariant> decode(const json &v, const QString &type);

// A session without a uid (made before bundles, never imported) is known by one derived from
// what it is, so exporting it again gives the same uid and a second import is recognised.
QString derivedUid(const QString &suiteName, const QString &startedAt, const QString &suiteJson);

} // namespace BundleRows

} // namespace ys
