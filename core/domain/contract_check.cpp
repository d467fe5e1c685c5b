#include "domain/contract_check.h"

#include <QRegularExpression>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

// An answer's text, shortened for a message.
QString quoted(const QString &text)
{
    constexpr int kMost = 60;
    const QString one = text.simplified();
    return one.size() <= kMost ? QStringLiteral("\"%1\"").arg(one)
                               : QStringLiteral("\"%1…\"").arg(one.left(kMost));
}

} // namespace

bool ContractCheck::matches(const GoldenAnswer &golden, const QString &answer, QString *why)
{
    const QString got = answer.trimmed();
    switch (golden.match) {
    case GoldenAnswer::Match::Exact:
        if (got == golden.expected.trimmed())
            return true;
        *why = tr("expected %1, got %2").arg(quoted(golden.expected), quoted(got));
        return false;
    case GoldenAnswer::Match::Contains:
        if (got.contains(golden.expected))
            return true;
        *why = tr("%1 is not in the answer %2").arg(quoted(golden.expected), quoted(got));
        return false;
    case GoldenAnswer::Match::Numeric: {
        static const QRegularExpression number(
            QStringLiteral("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?"));
        const auto m = number.match(got);
        if (!m.hasMatch()) {
            *why = tr("no number in the answer %1").arg(quoted(got));
            return false;
        }
        const double value = m.captured(0).toDouble();
        const double want = golden.expected.toDouble();
        if (std::abs(value - want) <= golden.tolerance)
            return true;
        *why = tr("expected %1 (± %2), got %3")
                   .arg(golden.expected)
                   .arg(golden.tolerance)
                   .arg(m.captured(0));
        return false;
    }
    }
    return false;
}

std::vector<ContractCheckResult> ContractCheck::check(const AnswerContract &contract,
                                                      const QString &answer,
                                                      const GoldenAnswer *golden)
{
    std::vector<ContractCheckResult> out;
    std::optional<nlohmann::json> doc;
    QString parseError;
    if (contract.json || contract.schema) {
        const QByteArray bytes = answer.trimmed().toUtf8();
        try {
            doc = nlohmann::json::parse(bytes.begin(), bytes.end());
        } catch (const nlohmann::json::parse_error &e) {
            parseError = bytes.isEmpty()
                             ? tr("the answer is empty")
                             : tr("not JSON at byte %1 of %2").arg(e.byte).arg(bytes.size());
        }
        out.push_back({QStringLiteral("json"), bool(doc), {}, parseError});
    }
    if (contract.schema) {
        ContractCheckResult r{QStringLiteral("schema"), false, {}, {}};
        if (!doc) {
            r.detail = tr("not JSON, so not checked against the schema");
        } else {
            const auto failures = contract.schema->check(*doc, 1);
            r.passed = failures.empty();
            if (!r.passed) {
                r.path = failures.front().path;
                r.detail = failures.front().message;
            }
        }
        out.push_back(std::move(r));
    }
    if (!contract.regex.pattern().isEmpty()) {
        const bool found = contract.regex.match(answer).hasMatch();
        out.push_back({QStringLiteral("regex"),
                       found,
                       {},
                       found ? QString() : tr("no match for %1").arg(contract.regex.pattern())});
    }
    if (contract.maxChars) {
        const qsizetype chars = answer.toUcs4().size();
        const bool fits = chars <= *contract.maxChars;
        out.push_back(
            {QStringLiteral("max_chars"),
             fits,
             {},
             fits ? QString()
                  : tr("%1 characters, at most %2 allowed").arg(chars).arg(*contract.maxChars)});
    }
    if (!contract.golden.empty()) {
        ContractCheckResult r{QStringLiteral("golden"), false, {}, {}};
        if (!golden)
            r.detail = tr("the prompt is none of the golden set's");
        else
            r.passed = matches(*golden, answer, &r.detail);
        out.push_back(std::move(r));
    }
    return out;
}

QString ContractCheck::stored(const std::vector<ContractCheckResult> &results,
                              const QString &answer, const GoldenAnswer *golden)
{
    nlohmann::json passed = nlohmann::json::array();
    nlohmann::json failed = nlohmann::json::array();
    for (const ContractCheckResult &r : results) {
        if (r.passed) {
            passed.push_back(r.check.toStdString());
            continue;
        }
        nlohmann::json f = {{"check", r.check.toStdString()}, {"detail", r.detail.toStdString()}};
        if (r.check == QLatin1StringView("schema"))
            f["path"] = r.path.toStdString(); // "" is the whole document
        failed.push_back(std::move(f));
    }
    // Keys come out sorted; "ok" is what the attempts page filters on (`"ok":false` cannot occur
    // inside the escaped answer text).
    nlohmann::json j = {{"ok", failed.empty()}, {"passed", std::move(passed)}, {"failed", failed}};
    if (!failed.empty()) {
        j["answer"] = answer.left(kStoredAnswerChars).toStdString();
        if (answer.size() > kStoredAnswerChars)
            j["answer_chars"] = answer.size();
        if (golden)
            j["prompt"] = golden->prompt.toStdString();
    }
    return QString::fromStdString(j.dump());
}

std::optional<ContractCheck::Stored> ContractCheck::fromStored(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    const QByteArray bytes = text.toUtf8();
    const auto j = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (!j.is_object() || !j.contains("passed") || !j.contains("failed"))
        return std::nullopt;
    const auto str = [](const nlohmann::json &o, const char *key) {
        auto it = o.find(key);
        return it != o.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                : QString();
    };
    Stored s;
    for (const auto &p : j["passed"])
        if (p.is_string())
            s.results.push_back({QString::fromStdString(p.get<std::string>()), true, {}, {}});
    for (const auto &f : j["failed"]) {
        if (!f.is_object())
            continue;
        s.results.push_back({str(f, "check"), false, str(f, "path"), str(f, "detail")});
    }
    s.answer = str(j, "answer");
    s.prompt = str(j, "prompt");
    return s;
}

QString ContractCheck::summary(const std::vector<ContractCheckResult> &results)
{
    QStringList failed;
    for (const ContractCheckResult &r : results) {
        if (r.passed)
            continue;
        failed << (r.check == QLatin1StringView("schema")
                       ? tr("schema at %1").arg(r.path.isEmpty() ? QStringLiteral("/") : r.path)
                       : r.check);
    }
    return failed.isEmpty() ? tr("passed") : failed.join(QStringLiteral("; "));
}

bool ContractCheck::allPassed(const std::vector<ContractCheckResult> &results)
{
    return std::all_of(results.begin(), results.end(),
                       [](const ContractCheckResult &r) { return r.passed; });
}

} // namespace ys
