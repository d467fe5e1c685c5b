#include "domain/json_schema.h"

// valijson reports a schema it cannot read by an exception (else it aborts the process); only
// this file includes it.
#define VALIJSON_USE_EXCEPTIONS 1
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <exception>

namespace ys {

namespace {

using Adapter = valijson::adapters::NlohmannJsonAdapter;

} // namespace

JsonSchema::~JsonSchema() = default;

std::shared_ptr<const JsonSchema> JsonSchema::compile(const nlohmann::json &schema, QString *error)
{
    if (!schema.is_object() && !schema.is_boolean()) {
        *error = tr("a schema is a JSON object (or true or false)");
        return nullptr;
    }
    std::shared_ptr<JsonSchema> out(new JsonSchema);
    out->m_source = schema;
    out->m_schema = std::make_unique<valijson::Schema>();
    try {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        // No fetching: a $ref to another document makes valijson ask for it, and the refusal
        // is what the caller is told.
        const Adapter adapter(out->m_source);
        parser.populateSchema(adapter, *out->m_schema);
    } catch (const std::exception &e) {
        *error = tr("not a JSON Schema this version reads (draft 7): %1")
                     .arg(QString::fromUtf8(e.what()));
        return nullptr;
    }
    return out;
}

std::vector<JsonSchema::Failure> JsonSchema::check(const nlohmann::json &doc, int most) const
{
    valijson::Validator validator(valijson::Validator::kStrongTypes);
    valijson::ValidationResults results;
    const Adapter target(doc);
    std::vector<Failure> out;
    if (validator.validate(*m_schema, target, &results))
        return out;
    valijson::ValidationResults::Error e;
    // valijson reports the enclosing places too ("failed to validate against a subschema");
    // the most precise, the deepest path, come first in what is kept.
    std::vector<Failure> all;
    while (results.popError(e))
        all.push_back({pointer(e.context), QString::fromStdString(e.description)});
    std::stable_sort(all.begin(), all.end(), [](const Failure &a, const Failure &b) {
        return a.path.count(QLatin1Char('/')) > b.path.count(QLatin1Char('/'));
    });
    for (Failure &f : all) {
        if (int(out.size()) >= most)
            break;
        out.push_back(std::move(f));
    }
    if (out.empty())
        out.push_back({QString(), tr("the document does not hold to the schema")});
    return out;
}

bool JsonSchema::holds(const nlohmann::json &doc) const
{
    valijson::Validator validator(valijson::Validator::kStrongTypes);
    const Adapter target(doc);
    return validator.validate(*m_schema, target, nullptr);
}

QString JsonSchema::pointer(const std::vector<std::string> &context)
{
    QString out;
    for (const std::string &part : context) {
        if (part == "<root>")
            continue;
        QString key = QString::fromStdString(part);
        if (key.startsWith(QLatin1Char('[')) && key.endsWith(QLatin1Char(']')))
            key = key.mid(1, key.size() - 2);
        key.replace(QLatin1Char('~'), QStringLiteral("~0"));
        key.replace(QLatin1Char('/'), QStringLiteral("~1"));
        out += QLatin1Char('/') + key;
    }
    return out;
}

} // namespace ys
