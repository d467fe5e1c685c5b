#include "domain/answer_contract.h"

#include "domain/suite_fields.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace ys {

using namespace suitefields;

namespace {

std::optional<GoldenAnswer::Match> matchOf(const QString &name)
{
    if (name == QLatin1StringView("exact"))
        return GoldenAnswer::Match::Exact;
    if (name == QLatin1StringView("contains"))
        return GoldenAnswer::Match::Contains;
    if (name == QLatin1StringView("numeric"))
        return GoldenAnswer::Match::Numeric;
    return std::nullopt;
}

// One golden answer from its JSON object at where.
GoldenAnswer goldenOf(const json &line, const QString &where)
{
    if (!line.is_object())
        throw SuiteError{AnswerContractParser::tr("%1: expected an object with prompt and "
                                                  "expected")
                             .arg(where)};
    requireKnownFields(line, {"prompt", "expected", "match", "tolerance"}, where);
    GoldenAnswer g;
    g.prompt = stringField(line, "prompt", where, true);
    const json &expected = require(line, "expected", where);
    if (expected.is_string())
        g.expected = QString::fromStdString(expected.get<std::string>());
    else if (expected.is_number())
        g.expected = QString::fromStdString(expected.dump());
    else
        throw SuiteError{
            AnswerContractParser::tr("%1.expected: expected a string or a number").arg(where)};
    if (line.contains("match")) {
        const QString name = stringField(line, "match", where, true);
        const auto m = matchOf(name);
        if (!m)
            throw SuiteError{AnswerContractParser::tr("%1.match: \"%2\" is not exact, contains "
                                                      "or numeric")
                                 .arg(where, name)};
        g.match = *m;
    } else if (expected.is_number()) {
        g.match = GoldenAnswer::Match::Numeric;
    }
    g.tolerance = numberField(line, "tolerance", where, 0, 0, 1e300);
    if (g.match == GoldenAnswer::Match::Numeric) {
        bool number = false;
        g.expected.toDouble(&number);
        if (!number)
            throw SuiteError{AnswerContractParser::tr("%1.expected: a numeric match expects a "
                                                      "number")
                                 .arg(where)};
    }
    return g;
}

} // namespace

std::shared_ptr<const JsonSchema> AnswerContractParser::readSchema(const nlohmann::json &value,
                                                                   const QString &where,
                                                                   const QString &baseDir)
{
    json doc = value;
    QString source = where;
    if (value.is_string()) {
        const QString file = QString::fromStdString(value.get<std::string>());
        const QString path = QDir::cleanPath(QDir(baseDir).absoluteFilePath(file));
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            throw SuiteError{AnswerContractParser::tr("%1: cannot read %2: %3")
                                 .arg(where, path, f.errorString())};
        QString parseError;
        auto parsed = fromJsonText(f.readAll(), QStringLiteral("%1: %2").arg(where, path),
                                   &parseError, [](const json &d) { return d; });
        if (!parsed)
            throw SuiteError{parseError};
        doc = std::move(*parsed);
        source = QStringLiteral("%1 (%2)").arg(where, path);
    }
    QString error;
    auto schema = JsonSchema::compile(doc, &error);
    if (!schema)
        throw SuiteError{QStringLiteral("%1: %2").arg(source, error)};
    return schema;
}

QString GoldenAnswer::matchName(Match m)
{
    switch (m) {
    case Match::Exact:
        return QStringLiteral("exact");
    case Match::Contains:
        return QStringLiteral("contains");
    case Match::Numeric:
        return QStringLiteral("numeric");
    }
    return {};
}

QStringList AnswerContract::checks() const
{
    QStringList out;
    if (json || schema)
        out << QStringLiteral("json");
    if (schema)
        out << QStringLiteral("schema");
    if (!regex.pattern().isEmpty())
        out << QStringLiteral("regex");
    if (maxChars)
        out << QStringLiteral("max_chars");
    if (!golden.empty())
        out << QStringLiteral("golden");
    return out;
}

nlohmann::json AnswerContract::toJson() const
{
    nlohmann::json j = nlohmann::json::object();
    if (json && !schema)
        j["json"] = true;
    if (schema)
        j["schema"] = schema->source();
    if (!regex.pattern().isEmpty())
        j["regex"] = regex.pattern().toStdString();
    if (maxChars)
        j["max_chars"] = *maxChars;
    if (!golden.empty()) {
        nlohmann::json answers = nlohmann::json::array();
        for (const GoldenAnswer &g : golden) {
            nlohmann::json a = {{"prompt", g.prompt.toStdString()},
                                {"expected", g.expected.toStdString()},
                                {"match", GoldenAnswer::matchName(g.match).toStdString()}};
            if (g.tolerance > 0)
                a["tolerance"] = g.tolerance;
            answers.push_back(std::move(a));
        }
        j["golden"] = std::move(answers);
    }
    return j;
}

std::optional<AnswerContract> AnswerContractParser::parse(const nlohmann::json &object,
                                                          const QString &where,
                                                          const QString &baseDir, QString *error)
{
    try {
        if (!object.is_object())
            throw SuiteError{tr("%1: expected an object of checks").arg(where)};
        requireKnownFields(object, {"json", "schema", "regex", "max_chars", "golden"}, where);
        AnswerContract c;
        if (auto it = object.find("json"); it != object.end()) {
            if (!it->is_boolean())
                throw SuiteError{tr("%1.json: expected true or false").arg(where)};
            c.json = it->get<bool>();
        }
        if (auto it = object.find("schema"); it != object.end())
            c.schema = readSchema(*it, where + QStringLiteral(".schema"), baseDir);
        if (object.contains("regex")) {
            c.regex.setPattern(stringField(object, "regex", where, true));
            if (!c.regex.isValid())
                throw SuiteError{tr("%1.regex: %2 at character %3")
                                     .arg(where, c.regex.errorString())
                                     .arg(c.regex.patternErrorOffset())};
            c.regex.optimize();
        }
        if (object.contains("max_chars"))
            c.maxChars = intField(object, "max_chars", where, 0, 1, 100'000'000);
        if (auto it = object.find("golden"); it != object.end()) {
            const QString gw = where + QStringLiteral(".golden");
            if (it->is_string()) {
                const QString path = QDir::cleanPath(
                    QDir(baseDir).absoluteFilePath(QString::fromStdString(it->get<std::string>())));
                QString goldenError;
                auto answers = loadGolden(path, &goldenError);
                if (!answers)
                    throw SuiteError{QStringLiteral("%1: %2").arg(gw, goldenError)};
                c.golden = std::move(*answers);
            } else if (it->is_array()) {
                for (std::size_t i = 0; i < it->size(); ++i)
                    c.golden.push_back(goldenOf((*it)[i], QStringLiteral("%1[%2]").arg(gw).arg(i)));
            } else {
                throw SuiteError{tr("%1: expected a JSONL file or an array of answers").arg(gw)};
            }
            if (c.golden.empty())
                throw SuiteError{tr("%1: holds no answer").arg(gw)};
        }
        if (c.empty())
            throw SuiteError{tr("%1: asks for no check").arg(where)};
        return c;
    } catch (const SuiteError &e) {
        *error = e.message;
    } catch (const json::exception &e) {
        *error = QStringLiteral("%1: %2").arg(where, QString::fromUtf8(e.what()));
    }
    return std::nullopt;
}

std::optional<std::vector<GoldenAnswer>> AnswerContractParser::loadGolden(const QString &path,
                                                                          QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    std::vector<GoldenAnswer> out;
    int lineNumber = 0;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        const QString where = QStringLiteral("%1:%2").arg(path).arg(lineNumber);
        try {
            out.push_back(goldenOf(json::parse(line.begin(), line.end()), where));
        } catch (const json::parse_error &) {
            *error = tr("%1: not a JSON object").arg(where);
            return std::nullopt;
        } catch (const SuiteError &e) {
            *error = e.message;
            return std::nullopt;
        } catch (const json::exception &e) {
            *error = QStringLiteral("%1: %2").arg(where, QString::fromUtf8(e.what()));
            return std::nullopt;
        }
    }
    return out;
}

} // namespace ys
