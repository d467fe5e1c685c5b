#pragma once

// JSON fixtures under tests/fixtures/ and the table-driven tests built on them: a file of cases,
// each case one row of a Qt Test _data function.
#include "test_support.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

namespace ys::test {

// The JSON of tests/fixtures/<relativePath> (e.g. "pareto/fronts_2d.json"), or null when the file
// cannot be read or is not JSON.
inline nlohmann::json readFixtureJson(const QString &relativePath)
{
    QFile file(fixturesDir() + QLatin1Char('/') + relativePath);
    if (!file.open(QIODevice::ReadOnly))
        return nlohmann::json();
    const nlohmann::json doc = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    return doc.is_discarded() ? nlohmann::json() : doc;
}

// A fixture's number: NaN where the file writes null or a string ("nan") for one.
inline double numberOrNan(const nlohmann::json &v)
{
    return v.is_number() ? v.get<double>() : std::nan("");
}

// Adds the QByteArray column `column` and one row per case of `cases` (a JSON array), named by
// the case's "name" and holding the case's JSON text: the test reads it back with json::parse.
inline void addJsonCaseRows(const char *column, const nlohmann::json &cases)
{
    QTest::addColumn<QByteArray>(column);
    for (const nlohmann::json &c : cases)
        QTest::newRow(c["name"].get<std::string>().c_str()) << QByteArray::fromStdString(c.dump());
}

} // namespace ys::test
