#pragma once

// The figures of each scenario kind's results (show --json's providers[].results, docs/
// show-json.md#results) as the text surfaces print them: show's text, the report's verdicts and
// appendix, and the workbench's verdict cards. Each KindLine is one line of a kind's text as a
// pattern, each of its groups naming the member of the kind's object it prints; checkKindLines
// reads a surface's lines of one provider and compares every group with show --json's value at
// the precision it is printed with (tests/printed_figure.h).
#include "printed_figure.h"

#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <vector>

namespace ys::test {

// One group of a line's pattern: the member it prints.
struct KindCapture {
    // A JSON pointer into the kind's object (or into the item of a line per item). The token
    // "last" is an array's last element, "#size" its length.
    const char *pointer = nullptr;
    double scale = 1; // printed as scale × value: a share as a percentage is 100
    enum Form {
        Figure, // a number at its printed precision ("—" for null), or a string as it is
        Words,  // a member shown as words: format "value=words|value=words" ("null=undecided")
        Map,    // an object, its members joined by ", ", each as format ("%v ≥ %k ms")
        List    // an array, its elements joined by format (" "), each a Figure
    } form = Figure;
    const char *format = nullptr;
};

struct KindLine {
    const char *kind = nullptr;          // the member of results
    const char *pattern = nullptr;       // one whole line, leading spaces allowed
    std::vector<KindCapture> captures{}; // the pattern's groups in order, (?<key>…) left out
    // The line is there exactly when whenSet is set (not null, not empty) and whenNull is not.
    const char *whenSet = nullptr;
    const char *whenNull = nullptr;
    // One line per element of this array, found by the group (?<key>…) equal to its keyMember;
    // every element (that passes whenSet and whenNull) has one when everyItem is set.
    const char *items = nullptr;
    const char *keyMember = nullptr;
    bool everyItem = true;
    bool keyFigure = false; // a verdict card's key figure, not a line of the kind's text
    // The key shown as words: "value=words|value=words" maps each back to keyMember's value.
    const char *keyWords = nullptr;
};

// The keyMember value a line's key stands for: itself, or the value whose words it is.
inline QString keyValue(const KindLine &spec, const QString &shown)
{
    if (!spec.keyWords)
        return shown;
    for (const QString &pair : QString::fromUtf8(spec.keyWords).split(QLatin1Char('|'))) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        if (pair.mid(eq + 1) == shown)
            return pair.left(eq);
    }
    return shown;
}

// Every line read, by kind. clang-format keeps away: a line of the table is one line of text.
// clang-format off
inline const std::vector<KindLine> kKindLines{
    // Several latency scenarios (FigureText): kind "latency_scenarios" is read from the
    // provider's object, a line per scenario.
    {.kind = "latency_scenarios",
     .pattern = R"(latency scenario (?<key>\d+) of \d+ \((?:(\d+) prompt tokens|prompts of varied size), closed loop at (\d+)\): (\d+)/(\d+) ok, TTFT p50 (\S+?)(?: ms)?, E2E p95 (\S+?)(?: ms)?, (\S+) tok/s(?:, \$(\S+) per 1K)?(.*))",
     .captures = {{"/prompt_tokens"}, {"/concurrency"}, {"/successful"}, {"/attempts"}, {"/ttft_ms/p50"},
                  {"/e2e_ms/p95"}, {"/output_tokens_per_s_p50"}, {"/usd_per_1k_measured"},
                  {"/headline", 1, KindCapture::Words, "true= (the provider's figures and gates are this scenario's)|false="}},
     .whenNull = "/rate_per_s", .items = "/latency_scenarios", .keyMember = "index"},
    {.kind = "latency_scenarios",
     .pattern = R"(latency scenario (?<key>\d+) of \d+ \((?:(\d+) prompt tokens|prompts of varied size), open loop at (\S+)/s\): (\d+)/(\d+) ok, TTFT p50 (\S+?)(?: ms)?, E2E p95 (\S+?)(?: ms)?, (\S+) tok/s(?:, \$(\S+) per 1K)?(.*))",
     .captures = {{"/prompt_tokens"}, {"/rate_per_s"}, {"/successful"}, {"/attempts"}, {"/ttft_ms/p50"},
                  {"/e2e_ms/p95"}, {"/output_tokens_per_s_p50"}, {"/usd_per_1k_measured"},
                  {"/headline", 1, KindCapture::Words, "true= (the provider's figures and gates are this scenario's)|false="}},
     .whenSet = "/rate_per_s", .items = "/latency_scenarios", .keyMember = "index"},
    // latency (ResultsText): the provider's own latency run.
    {.kind = "latency",
     .pattern = R"(latency: TTFB p50 (\S+) / p95 (\S+) ms; TPOT p50 (\S+) / p95 (\S+) ms \(n = (\d+)\))",
     .captures = {{"/ttfb_ms/p50"}, {"/ttfb_ms/p95"}, {"/tpot_ms/p50"}, {"/tpot_ms/p95"}, {"/tpot_ms/count"}}},
    {.kind = "latency",
     .pattern = R"(TTFT cold \(new connection\) p50 (\S+) / p95 (\S+) ms \(n = (\d+)\); warm \(reused connection\) p50 (\S+) / p95 (\S+) ms \(n = (\d+)\))",
     .captures = {{"/cold/ttft_ms/p50"}, {"/cold/ttft_ms/p95"}, {"/cold/ttft_ms/count"},
                  {"/warm/ttft_ms/p50"}, {"/warm/ttft_ms/p95"}, {"/warm/ttft_ms/count"}}},
    {.kind = "latency", .pattern = R"(connect p50 (\S+) / p95 (\S+) ms \(n = (\d+)\);.*)",
     .captures = {{"/connect_ms/p50"}, {"/connect_ms/p95"}, {"/connect_ms/count"}},
     .whenSet = "/connect_ms"},
    {.kind = "latency",
     .pattern = R"(E2E from the intended start p50 (\S+) / p95 (\S+) ms \(n = (\d+);.*)",
     .captures = {{"/e2e_from_intended_ms/p50"}, {"/e2e_from_intended_ms/p95"}, {"/e2e_from_intended_ms/count"}},
     .whenSet = "/e2e_from_intended_ms"},
    // context_sweep
    {.kind = "context_sweep", .pattern = R"(context sweep: (\d+) point\S*; (?:TTFT fit \S+, R² (\S+)|no fit))",
     .captures = {{"/points/#size"}, {"/latency_fit/r2"}}},
    {.kind = "context_sweep",
     .pattern = R"((?<key>\d+) tokens: TTFT p50 (\S+?)(?: ms)?, E2E p50 (\S+?)(?: ms)?, (\S+) per request, (\d+)/(\d+) ok(?:, recall (\S+?)%?)?)",
     .captures = {{"/ttft_ms/p50"}, {"/e2e_ms/p50"}, {"/cost_usd_per_request"}, {"/successful"}, {"/attempts"}, {"/needle_recall", 100}},
     .whenNull = "/skipped", .items = "/points", .keyMember = "prompt_tokens"},
    {.kind = "context_sweep", .pattern = R"((?<key>\d+) tokens: skipped, (.+))",
     .captures = {{"/skipped"}}, .whenSet = "/skipped", .items = "/points", .keyMember = "prompt_tokens"},
    {.kind = "context_sweep", .pattern = R"(cost curve(?:, .*, R² (\S+).*|: no fit, .*))",
     .captures = {{"/cost_fit/r2"}}},
    {.kind = "context_sweep", .pattern = R"(TTFT curve(?:, .*, R² (\S+).*|: no fit, .*))",
     .captures = {{"/latency_curve_fit/r2"}}},
    // context_limit
    {.kind = "context_limit",
     .pattern = R"(context limit: verified (\S+) of (\S+) claimed \((.+)\), first failure (\S+), (.+); (\d+) probe.*)",
     .captures = {{"/verified"}, {"/claimed"},
                  {"/claim_met", 1, KindCapture::Words, "true=claim met|false=CLAIM NOT MET|null=claim unverified"},
                  {"/first_failure"},
                  {"/behaviour", 1, KindCapture::Words, "error=an error past the limit|silent_truncation=SILENT TRUNCATION past the limit|none_up_to_claim=no limit up to the claim|null=undecided"},
                  {"/probes"}},
     .whenNull = "/skipped"},
    {.kind = "context_limit", .pattern = R"(context limit: not probed, (.+))",
     .captures = {{"/skipped"}}, .whenSet = "/skipped"},
    {.kind = "context_limit",
     .pattern = R"(recall: the fact was not repeated in (\d+) prompt\S* taken whole, from (\S+) tokens \(it was at (\S+)\).*)",
     .captures = {{"/recall_misses"}, {"/recall_lost_at"}, {"/control_tokens"}}, .whenSet = "/recall_lost_at"},
    {.kind = "context_limit", .pattern = R"(([\d,]+) tokens verified)", .captures = {{"/verified"}},
     .whenSet = "/verified", .keyFigure = true},
    // concurrency_sweep
    {.kind = "concurrency_sweep", .pattern = R"(concurrency sweep: saturation at (.+))",
     .captures = {{"/saturation", 1, KindCapture::Words, "null=none within the levels"}}},
    {.kind = "concurrency_sweep",
     .pattern = R"((?<key>\d+) in flight: (\S+) output tok/s, (\S+) req/s, TTFT p95 (\S+?)(?: ms)?, E2E p95 (\S+?)(?: ms)?, errors (\S+?)%?)",
     .captures = {{"/output_tokens_per_s"}, {"/requests_per_s"}, {"/ttft_ms/p95"}, {"/e2e_ms/p95"}, {"/error_rate", 100}},
     .items = "/levels", .keyMember = "concurrency"},
    // stability
    {.kind = "stability",
     .pattern = R"(stability: ITL p50 (\S+?)(?: ms)?, p99 (\S+?)(?: ms)?, longest gap (\S+?)(?: ms)?; stalls (.*); (\d+) cut; finish (.+))",
     .captures = {{"/itl_ms/p50"}, {"/itl_ms/p99"}, {"/longest_stall_ms"}, {"/stalls", 1, KindCapture::Map, "%v ≥ %k ms"},
                  {"/cuts"}, {"/finish_reasons", 1, KindCapture::Map, "%k %v"}}},
    // multi_turn
    {.kind = "multi_turn", .pattern = R"(multi-turn: recall by turn \(%\) (.*); .+)",
     .captures = {{"/recall_by_turn", 100, KindCapture::List, " "}}},
    {.kind = "multi_turn", .pattern = R"(multi-turn: .*; the fact is lost at turn (\d+))",
     .captures = {{"/recall_lost_at_turn"}}, .whenSet = "/recall_lost_at_turn"},
    {.kind = "multi_turn", .pattern = R"(the provider cut the prompt without an error from turn (\d+) on.*)",
     .captures = {{"/truncated_from_turn"}}, .whenSet = "/truncated_from_turn"},
    {.kind = "multi_turn", .pattern = R"(requests fail from turn (\d+) on .*)",
     .captures = {{"/failing_from_turn"}}, .whenSet = "/failing_from_turn"},
    {.kind = "multi_turn",
     .pattern = R"(TTFT turn 1 (\S+?)(?: ms)?, last turn (\S+?)(?: ms)?; cost turn 1 (\S+), last turn (\S+))",
     .captures = {{"/ttft_by_turn_ms/0"}, {"/ttft_by_turn_ms/last"}, {"/cost_by_turn_usd/0"}, {"/cost_by_turn_usd/last"}},
     .whenSet = "/ttft_by_turn_ms"},
    {.kind = "multi_turn", .pattern = R"(recall (\S+)% at turn (\d+))",
     .captures = {{"/recall_by_turn/last", 100}, {"/recall_by_turn/#size"}},
     .whenSet = "/recall_by_turn/last", .keyFigure = true},
    // cache
    {.kind = "cache",
     .pattern = R"(cache: (.+); TTFT cold (\S+?)(?: ms)?, warm (\S+?)(?: ms)? \(drop (\S+?)(?: ms)?\); cached share (\S+?)%?; saving (\S+) per request)",
     .captures = {{"/detected", 1, KindCapture::Words, "true=prefix cache detected|false=no prefix cache|null=undecided"},
                  {"/cold_ttft_ms"}, {"/warm_ttft_ms"}, {"/ttft_drop_ms"}, {"/cached_token_share", 100},
                  {"/saving_usd_per_request"}}},
    // "TTFT −288 ms when warm": a drop shown as a minus.
    {.kind = "cache", .pattern = R"(TTFT (\S+) ms when warm)", .captures = {{"/ttft_drop_ms", -1}},
     .whenSet = "/ttft_drop_ms", .keyFigure = true},
    // resilience
    {.kind = "resilience", .pattern = R"(resilience \(SLO (\d+) ms\):)", .captures = {{"/slo_ms"}}},
    {.kind = "resilience",
     .pattern = R"((?<key>\S+): SLO met (\S+?)%?, P95 (\S+?)(?: ms)?, retries cost (\S+), fallback (\S+?)%?)",
     .captures = {{"/slo_attainment", 100}, {"/p95_ms"}, {"/retry_cost_usd"}, {"/fallback_share", 100}},
     .items = "/strategies", .keyMember = "name"},
    {.kind = "resilience", .pattern = R"(SLO met (\S+)% with (?<key>.+))",
     .captures = {{"/slo_attainment", 100}}, .items = "/strategies", .keyMember = "name",
     .everyItem = false, .keyFigure = true,
     .keyWords = "none=no retry|retry=retries|breaker_fallback=a breaker and fallbacks"},
    // rate_limit
    {.kind = "rate_limit",
     .pattern = R"(rate limit: (\S+) requests/min, (\S+) tokens/min measured; first 429 at (\S+) req/s \((\d+) of (\d+) requests limited\))",
     .captures = {{"/requests_per_min"}, {"/tokens_per_min"}, {"/first_429_rps"}, {"/rate_limited"}, {"/requests"}}},
    {.kind = "rate_limit", .pattern = R"(headers: (.+))", .captures = {{"/headers", 1, KindCapture::Map, "%k=%v"}},
     .whenSet = "/headers"},
    {.kind = "rate_limit", .pattern = R"(first 429 at (\S+) req/s)", .captures = {{"/first_429_rps"}},
     .whenSet = "/first_429_rps", .keyFigure = true},
    {.kind = "rate_limit", .pattern = R"(no 429 up to (\S+) req/s)", .captures = {{"/max_rps_tried"}},
     .whenSet = "/max_rps_tried", .whenNull = "/first_429_rps", .keyFigure = true},
    // determinism
    {.kind = "determinism",
     .pattern = R"(determinism: (\S+?)%? identical at temperature 0 \((\d+) distinct answers to (\d+) prompts, (\d+) answers\))",
     .captures = {{"/identical_share", 100}, {"/distinct_answers"}, {"/prompts"}, {"/answers"}}},
    {.kind = "determinism", .pattern = R"((\S+)% identical)", .captures = {{"/identical_share", 100}},
     .whenSet = "/identical_share", .keyFigure = true},
};
// clang-format on

// A member by JSON pointer with the tokens "last" and "#size"; none when it is not there.
inline std::optional<nlohmann::json> kindValue(const nlohmann::json &root, const QString &pointer)
{
    const nlohmann::json *at = &root;
    for (const QString &token : pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (at->is_null()) // a member on the way is null (no fit): so is this one
            return nlohmann::json(nullptr);
        if (at->is_array() && token == QLatin1StringView("#size"))
            return nlohmann::json(at->size());
        if (at->is_array()) {
            if (at->empty())
                return std::nullopt;
            bool number = false;
            const int i = token.toInt(&number);
            if (token == QLatin1StringView("last"))
                at = &at->back();
            else if (number && i >= 0 && std::size_t(i) < at->size())
                at = &(*at)[std::size_t(i)];
            else
                return std::nullopt;
        } else if (at->is_object() && at->contains(token.toStdString())) {
            at = &(*at)[token.toStdString()];
        } else {
            return std::nullopt;
        }
    }
    return *at;
}

// Set: neither null nor an empty array or object.
inline bool isSet(const std::optional<nlohmann::json> &v)
{
    return v && !v->is_null() && !((v->is_array() || v->is_object()) && v->empty());
}

// A scalar as text: a string as it is, a whole number without a fraction, null as "null".
inline QString scalarText(const nlohmann::json &v)
{
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_number_float() && v.get<double>() == double(qint64(v.get<double>())))
        return QString::number(qint64(v.get<double>()));
    return QString::fromStdString(v.dump());
}

// Whether text shows the value: "—" (or nothing) for null, a string as it is, a number at its
// printed precision as scale × value. Empty when it does, else what differs.
inline QString figureShown(const QString &text, const nlohmann::json &value, double scale = 1)
{
    const QString t = text.trimmed();
    if (value.is_null())
        return t.isEmpty() || t == QStringLiteral("—") ? QString()
                                                       : QStringLiteral("\"%1\" for null").arg(t);
    if (value.is_string())
        return t == scalarText(value)
                   ? QString()
                   : QStringLiteral("\"%1\" for \"%2\"").arg(t, scalarText(value));
    if (!value.is_number())
        return QStringLiteral("\"%1\" for %2").arg(t, scalarText(value));
    const auto shown = printedNumber(t);
    if (!shown || !showsValue(*shown, value.get<double>(), scale))
        return QStringLiteral("\"%1\" for %2").arg(t).arg(value.get<double>(), 0, 'g', 17);
    return {};
}

// One capture's text against the member; empty when it shows it.
inline QString captureShown(const KindCapture &c, const QString &text, const nlohmann::json &value)
{
    if (c.form == KindCapture::Words) {
        for (const QString &pair : QString::fromUtf8(c.format).split(QLatin1Char('|'))) {
            const qsizetype eq = pair.indexOf(QLatin1Char('='));
            if (pair.left(eq) == scalarText(value))
                return text == pair.mid(eq + 1)
                           ? QString()
                           : QStringLiteral("\"%1\" for %2").arg(text, scalarText(value));
        }
        return figureShown(text, value, c.scale); // a value without words: a number
    }
    if (c.form == KindCapture::Map) {
        std::set<QString> want, got;
        for (const auto &[k, v] : value.items())
            want.insert(QString::fromUtf8(c.format)
                            .replace(QStringLiteral("%k"), QString::fromStdString(k))
                            .replace(QStringLiteral("%v"), scalarText(v)));
        for (const QString &entry : text.split(QStringLiteral(", "), Qt::SkipEmptyParts))
            if (entry != QStringLiteral("—"))
                got.insert(entry);
        return want == got ? QString()
                           : QStringLiteral("\"%1\" for %2").arg(text, scalarText(value));
    }
    if (c.form == KindCapture::List) {
        const QStringList parts = text.split(QString::fromUtf8(c.format), Qt::SkipEmptyParts);
        if (!value.is_array() || parts.size() != qsizetype(value.size()))
            return QStringLiteral("\"%1\" for %2").arg(text, scalarText(value));
        for (qsizetype i = 0; i < parts.size(); ++i)
            if (const QString p = figureShown(parts[i], value[std::size_t(i)], c.scale);
                !p.isEmpty())
                return QStringLiteral("element %1: %2").arg(i).arg(p);
        return {};
    }
    return figureShown(text, value, c.scale);
}

// What one line's groups show against the object they print (the kind's, or an item's).
inline int checkCaptures(const KindLine &spec, const QRegularExpressionMatch &m,
                         const nlohmann::json &object, const QString &where, QStringList &problems)
{
    int group = 0;
    int compared = 0;
    const QStringList names = m.regularExpression().namedCaptureGroups();
    for (const KindCapture &c : spec.captures) {
        do
            ++group;
        while (group < names.size() && names[group] == QLatin1StringView("key"));
        const auto value = kindValue(object, QString::fromUtf8(c.pointer));
        if (!value) {
            problems << QStringLiteral("%1: show --json has no %2")
                            .arg(where, QString::fromUtf8(c.pointer));
            continue;
        }
        if (const QString p = captureShown(c, m.captured(group), *value); !p.isEmpty())
            problems << QStringLiteral("%1 %2: %3").arg(where, QString::fromUtf8(c.pointer), p);
        ++compared;
    }
    return compared;
}

// Every line of a kind (its text, or with keyFigures its card's key figure) against the kind's
// object of show --json, in the lines one surface shows for one provider. Returns the figures
// compared; what differs goes to problems, prefixed with where.
inline int checkKindLines(const nlohmann::json &kindObject, const QString &kind,
                          const QStringList &lines, bool keyFigures, const QString &where,
                          QStringList &problems)
{
    int compared = 0;
    for (const KindLine &spec : kKindLines) {
        if (QString::fromUtf8(spec.kind) != kind || spec.keyFigure != keyFigures)
            continue;
        const QRegularExpression re(
            QStringLiteral("^\\s*%1$").arg(QString::fromUtf8(spec.pattern)));
        const auto passes = [&](const nlohmann::json &object) {
            return (!spec.whenSet || isSet(kindValue(object, QString::fromUtf8(spec.whenSet)))) &&
                   (!spec.whenNull || !isSet(kindValue(object, QString::fromUtf8(spec.whenNull))));
        };
        // The line by its first words, enough to find it in kKindLines.
        const QString at = QStringLiteral("%1 %2 \"%3…\"")
                               .arg(where, kind, QString::fromUtf8(spec.pattern).left(32));
        std::vector<QRegularExpressionMatch> matches;
        for (const QString &line : lines)
            if (const auto m = re.match(line); m.hasMatch())
                matches.push_back(m);
        if (!spec.items) {
            const bool shown = passes(kindObject);
            if (int(matches.size()) != (shown ? 1 : 0))
                problems << QStringLiteral("%1: %2 line(s), %3 expected")
                                .arg(at)
                                .arg(matches.size())
                                .arg(shown ? 1 : 0);
            else if (shown)
                compared += checkCaptures(spec, matches.front(), kindObject, at, problems);
            continue;
        }
        const nlohmann::json items =
            kindValue(kindObject, QString::fromUtf8(spec.items)).value_or(nlohmann::json::array());
        std::set<QString> seen;
        for (const auto &m : matches) {
            const QString key = keyValue(spec, m.captured(QStringLiteral("key")));
            const auto it = std::find_if(items.begin(), items.end(), [&](const nlohmann::json &i) {
                return i.contains(spec.keyMember) && scalarText(i[spec.keyMember]) == key &&
                       passes(i);
            });
            if (it == items.end() || !seen.insert(key).second) {
                problems << QStringLiteral("%1: a line for %2, which show --json has not once")
                                .arg(at, key);
                continue;
            }
            compared += checkCaptures(spec, m, *it, at + QLatin1Char(' ') + key, problems);
        }
        for (const nlohmann::json &i : items)
            if (spec.everyItem && passes(i) && !seen.count(scalarText(i[spec.keyMember])))
                problems
                    << QStringLiteral("%1: no line for %2").arg(at, scalarText(i[spec.keyMember]));
    }
    return compared;
}

} // namespace ys::test
