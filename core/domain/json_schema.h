#pragma once

#include <QCoreApplication>
#include <QString>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

namespace valijson {
class Schema;
}

namespace ys {

// A JSON Schema of the draft docs/contracts.md names (draft 7), compiled once and checked against
// many answers. Compiled and checked by valijson (Debian's libvalijson-dev), whose draft-7
// support is measured against the official JSON-Schema-Test-Suite (tst_json_schema). References
// stay inside the schema: a $ref to another document is refused when the schema is compiled,
// and nothing is ever fetched.
class JsonSchema {
    Q_DECLARE_TR_FUNCTIONS(ys::JsonSchema)
public:
    // Where a document breaks the schema: a JSON pointer into the document ("" for the whole of
    // it, "/items/0/name") and what the schema wants there.
    struct Failure {
        QString path;
        QString message;
    };

    ~JsonSchema();

    // Null, with *error naming what is wrong, when schema is not one.
    static std::shared_ptr<const JsonSchema> compile(const nlohmann::json &schema, QString *error);

    // The first `most` places where doc breaks the schema; empty when it holds.
    std::vector<Failure> check(const nlohmann::json &doc, int most = 8) const;
    bool holds(const nlohmann::json &doc) const;
    const nlohmann::json &source() const { return m_source; }

    // A valijson error context (["<root>", "[items]", "[0]"]) as a JSON pointer ("/items/0").
    static QString pointer(const std::vector<std::string> &context);

private:
    JsonSchema() = default;
    nlohmann::json m_source;
    std::unique_ptr<valijson::Schema> m_schema;
};

} // namespace ys
