#include "domain/use_case.h"

#include "domain/requirements_json.h"
#include "domain/suite_fields.h"
#include "domain/use_case_json.h"
#include "util/read_file.h"

#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace ys {

using namespace suitefields;

namespace {

UseCase bundledCase(const char *id, const QString &title, const QString &description,
                    std::vector<std::pair<QString, double>> weights, double monthlyTokens,
                    std::optional<double> peakRps)
{
    UseCase u;
    u.id = QString::fromLatin1(id);
    u.title = title;
    u.description = description;
    u.requirements = *Requirements::fromPreset(u.id);
    // By figure name, as a written use case reads back.
    std::sort(weights.begin(), weights.end());
    u.weights = std::move(weights);
    u.monthlyTokens = monthlyTokens;
    u.peakRps = peakRps;
    return u;
}

std::pair<QString, double> weight(const char *figure, double w)
{
    return {QString::fromLatin1(figure), w};
}

} // namespace

std::vector<UseCase> UseCase::bundled()
{
    // The thresholds and where they come from: docs/use-cases.md.
    std::vector<UseCase> all;
    all.push_back(bundledCase(
        "realtime_support", tr("Real-time support"),
        tr("A live support chat: answers within the line, the first words at once, at the line's "
           "price, with a window for long conversations."),
        {weight("latency", 0.4), weight("ttft_p95", 0.3), weight("cost", 0.2),
         weight("success_rate", 0.1)},
        300e6, 20.0));
    all.push_back(bundledCase(
        "coding_assistant", tr("Coding assistant"),
        tr("Completions and edits in an editor: the first token within 500 ms, long answers "
           "streamed fast, a window that takes a repository's context."),
        {weight("ttft_p95", 0.35), weight("throughput", 0.35), weight("cost", 0.2),
         weight("context", 0.1)},
        1e9, 10.0));
    UseCase kb = bundledCase(
        "knowledge_base_summaries", tr("Knowledge-base summaries"),
        tr("Summaries of long documents: the whole document in one call on a long window, or in "
           "overlapping chunks on a short one; what was really billed decides."),
        {weight("cost", 0.5), weight("ttft_p95", 0.2), weight("context", 0.2),
         weight("success_rate", 0.1)},
        500e6, 2.0);
    kb.document = DocumentAsk{200000, 32000, 1000, 200, 500, 4};
    all.push_back(kb);
    all.push_back(bundledCase(
        "compliance_review", tr("Compliance review"),
        tr("Auditable review of filings in batches: every answer kept and reproducible, whole "
           "filings in the window, the billed cost."),
        {weight("success_rate", 0.4), weight("cost", 0.4), weight("context", 0.2)}, 200e6, 1.0));
    all.push_back(bundledCase("batch_offline", tr("Batch and offline"),
                              tr("Jobs nobody waits for: the lowest billed cost and the "
                                 "throughput to finish the batch in time."),
                              {weight("cost", 0.7), weight("throughput", 0.3)}, 5e9, std::nullopt));
    return all;
}

QStringList UseCase::bundledIds()
{
    QStringList ids;
    for (const UseCase &u : bundled())
        ids << u.id;
    return ids;
}

std::optional<UseCase> UseCase::bundled(const QString &id)
{
    for (UseCase &u : bundled())
        if (u.id == id)
            return std::move(u);
    return std::nullopt;
}

std::optional<UseCase> UseCase::parse(const QByteArray &bytes, const QString &source,
                                      QString *error)
{
    return fromJsonText(bytes, source, error,
                        [&source](const json &doc) { return usecasejson::fromJson(doc, source); });
}

std::optional<UseCase> UseCase::load(const QString &idOrPath, QString *error)
{
    if (!QFileInfo::exists(idOrPath)) {
        if (auto u = bundled(idOrPath))
            return u;
        if (error)
            *error = tr("%1: neither a use-case file nor a bundled use case (known: %2)")
                         .arg(idOrPath, bundledIds().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return parseWholeFile(idOrPath, tr("%1: cannot read the use-case file (%2)"), error,
                          &UseCase::parse);
}

QByteArray UseCase::toJson() const
{
    return QByteArray::fromStdString(usecasejson::toJson(*this).dump(2));
}

namespace usecasejson {

namespace {

std::optional<double> positiveNumber(const json &obj, const char *key, const QString &where,
                                     std::optional<double> current)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return current;
    if (it->is_null())
        return std::nullopt;
    if (!it->is_number() || !std::isfinite(it->get<double>()) || !(it->get<double>() > 0))
        throw SuiteError{UseCase::tr("%1.%2: expected a number above zero (or null for none)")
                             .arg(where, QLatin1StringView(key))};
    return it->get<double>();
}

qint64 tokenField(const json &obj, const char *key, const QString &where, qint64 fallback,
                  qint64 min)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return fallback;
    if (!it->is_number_integer() || it->get<long long>() < min ||
        it->get<long long>() > 100'000'000)
        throw SuiteError{UseCase::tr("%1.%2: expected a whole number of tokens within %3..%4")
                             .arg(where, QLatin1StringView(key))
                             .arg(min)
                             .arg(100'000'000)};
    return it->get<qint64>();
}

DocumentAsk documentFromJson(const json &obj, const QString &where)
{
    if (!obj.is_object())
        throw SuiteError{UseCase::tr("%1: expected an object of document_tokens, chunk_tokens, "
                                     "overlap_tokens, instruction_tokens, summary_tokens and "
                                     "parallel")
                             .arg(where)};
    requireKnownFields(obj,
                       {"document_tokens", "chunk_tokens", "overlap_tokens", "instruction_tokens",
                        "summary_tokens", "parallel"},
                       where);
    DocumentAsk d;
    d.documentTokens = tokenField(obj, "document_tokens", where, -1, 1);
    if (d.documentTokens < 0)
        require(obj, "document_tokens", where);
    d.chunkTokens = tokenField(obj, "chunk_tokens", where, -1, 1);
    if (d.chunkTokens < 0)
        require(obj, "chunk_tokens", where);
    d.overlapTokens = tokenField(obj, "overlap_tokens", where, 0, 0);
    if (d.overlapTokens >= d.chunkTokens)
        throw SuiteError{UseCase::tr("%1.overlap_tokens: %2 is not below chunk_tokens (%3)")
                             .arg(where)
                             .arg(d.overlapTokens)
                             .arg(d.chunkTokens)};
    d.instructionTokens = tokenField(obj, "instruction_tokens", where, d.instructionTokens, 0);
    d.summaryTokens = tokenField(obj, "summary_tokens", where, d.summaryTokens, 1);
    d.parallel = intField(obj, "parallel", where, d.parallel, 1, 1000);
    return d;
}

std::vector<std::pair<QString, double>> weightsFromJson(const json &obj, const QString &where)
{
    if (!obj.is_object() || obj.empty())
        throw SuiteError{UseCase::tr("%1: expected an object of figure names and weights, e.g. "
                                     "{\"cost\": 0.5, \"ttft_p95\": 0.5}")
                             .arg(where)};
    std::vector<std::pair<QString, double>> weights;
    double total = 0;
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0)
            throw SuiteError{UseCase::tr("%1.%2: expected a weight ≥ 0")
                                 .arg(where, QString::fromStdString(it.key()))};
        weights.emplace_back(QString::fromStdString(it.key()), it->get<double>());
        total += it->get<double>();
    }
    if (!(total > 0))
        throw SuiteError{UseCase::tr("%1: the weights may not all be 0").arg(where)};
    return weights;
}

UseCase startingPoint(const json &obj, const QString &where)
{
    const QString preset = stringField(obj, "preset", where, false);
    if (!preset.isEmpty()) {
        auto base = UseCase::bundled(preset);
        if (!base)
            throw SuiteError{
                UseCase::tr("%1.preset: unknown use case \"%2\" (known: %3)")
                    .arg(where, preset, UseCase::bundledIds().join(QStringLiteral(", ")))};
        return *base;
    }
    UseCase u;
    u.id = stringField(obj, "id", where, true);
    if (u.id.isEmpty())
        throw SuiteError{UseCase::tr("%1.id: expected a non-empty name").arg(where)};
    u.requirements = Requirements{};
    u.weights = {{QStringLiteral("cost"), 0.25},
                 {QStringLiteral("latency"), 0.35},
                 {QStringLiteral("throughput"), 0.4}};
    return u;
}

} // namespace

UseCase fromJson(const json &doc, const QString &where)
{
    if (doc.is_string()) {
        auto u = UseCase::bundled(q(doc.get<std::string>()));
        if (!u)
            throw SuiteError{UseCase::tr("%1: unknown use case \"%2\" (known: %3)")
                                 .arg(where, q(doc.get<std::string>()),
                                      UseCase::bundledIds().join(QStringLiteral(", ")))};
        return *u;
    }
    if (!doc.is_object())
        throw SuiteError{
            UseCase::tr("%1: expected a bundled use case's id or an object").arg(where)};
    requireKnownFields(doc,
                       {"preset", "id", "title", "description", "requirements", "weights",
                        "monthly_tokens", "peak_rps", "document"},
                       where);
    UseCase u = startingPoint(doc, where);
    if (doc.contains("id") && doc.contains("preset"))
        u.id = stringField(doc, "id", where, true);
    if (doc.contains("title"))
        u.title = stringField(doc, "title", where, false);
    if (u.title.isEmpty())
        u.title = u.id;
    if (doc.contains("description"))
        u.description = stringField(doc, "description", where, false);
    if (auto it = doc.find("requirements"); it != doc.end())
        u.requirements = requirementsjson::fromJson(*it, where + QStringLiteral(".requirements"));
    if (auto it = doc.find("weights"); it != doc.end())
        u.weights = weightsFromJson(*it, where + QStringLiteral(".weights"));
    u.monthlyTokens = positiveNumber(doc, "monthly_tokens", where, u.monthlyTokens);
    u.peakRps = positiveNumber(doc, "peak_rps", where, u.peakRps);
    if (auto it = doc.find("document"); it != doc.end()) {
        if (it->is_null())
            u.document.reset();
        else
            u.document = documentFromJson(*it, where + QStringLiteral(".document"));
    }
    return u;
}

json toJson(const UseCase &u)
{
    json j;
    j["id"] = u.id.toStdString();
    j["title"] = u.title.toStdString();
    j["description"] = u.description.toStdString();
    json req = requirementsjson::toJson(u.requirements);
    if (!u.requirements.preset.isEmpty())
        req["preset"] = u.requirements.preset.toStdString();
    j["requirements"] = req;
    json weights = json::object();
    for (const auto &[figure, w] : u.weights)
        weights[figure.toStdString()] = w;
    j["weights"] = weights;
    j["monthly_tokens"] = u.monthlyTokens ? json(*u.monthlyTokens) : json(nullptr);
    j["peak_rps"] = u.peakRps ? json(*u.peakRps) : json(nullptr);
    if (u.document) {
        const DocumentAsk &d = *u.document;
        j["document"] = {
            {"document_tokens", d.documentTokens}, {"chunk_tokens", d.chunkTokens},
            {"overlap_tokens", d.overlapTokens},   {"instruction_tokens", d.instructionTokens},
            {"summary_tokens", d.summaryTokens},   {"parallel", d.parallel}};
    } else {
        j["document"] = nullptr;
    }
    return j;
}

} // namespace usecasejson

} // namespace ys
