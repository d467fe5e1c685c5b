#include "sim/sim_ground_truth.h"

#include <QCoreApplication>
#include <QDir>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

struct GroundTruthTr {
    Q_DECLARE_TR_FUNCTIONS(ys::SimGroundTruth)
};

using OrderedJson = nlohmann::ordered_json;

OrderedJson timeOrNull(std::int64_t ns)
{
    return ns == 0 ? OrderedJson(nullptr) : OrderedJson(ns);
}

} // namespace

QByteArray SimRequestRecord::toJson() const
{
    OrderedJson faultList = OrderedJson::array();
    for (const QString &fault : faults)
        faultList.push_back(fault.toStdString());
    const OrderedJson json{
        {"request_id", requestId.toStdString()},
        {"dialect", dialect.toStdString()},
        {"model", model.toStdString()},
        {"status", status},
        {"request_number", requestNumber},
        {"stream", stream},
        {"http_version", httpVersion.toStdString()},
        {"faults", faultList},
        {"auth", {{"header", authHeader.toStdString()}, {"result", auth.toStdString()}}},
        {"prompt_tokens_sent", promptTokensSent},
        {"prompt_tokens", promptTokens},
        {"cached_tokens", cachedTokens},
        {"max_tokens_requested",
         maxTokensRequested ? OrderedJson(*maxTokensRequested) : OrderedJson(nullptr)},
        {"completion_tokens", completionTokens},
        {"reasoning_tokens", reasoningTokens},
        {"reasoning_events", reasoningEvents},
        {"truncated", truncated},
        {"prompt_truncated", promptTruncated},
        {"response_format", responseFormat.toStdString()},
        {"schema_break",
         schemaBreak.isEmpty() ? OrderedJson(nullptr) : OrderedJson(schemaBreak.toStdString())},
        {"reasoning_effort", reasoningEffort.toStdString()},
        {"tool_choice", toolChoice.toStdString()},
        {"tool_name", toolName.toStdString()},
        {"tool_args", toolArgs.toStdString()},
        {"tool_args_break", toolArgsBreak.toStdString()},
        {"completed", completed},
        {"clock", "monotonic_ns"},
        {"accepted_ns", timeOrNull(acceptedNs)},
        {"generation_start_ns", timeOrNull(generationStartNs)},
        {"headers_written_ns", timeOrNull(headersWrittenNs)},
        {"first_reasoning_ns", timeOrNull(firstReasoningNs)},
        {"first_content_ns", timeOrNull(firstContentNs)},
        {"tool_args_complete_ns", timeOrNull(toolArgsCompleteNs)},
        {"last_byte_ns", timeOrNull(lastByteNs)},
        {"end_ns", timeOrNull(endNs)},
        {"event_planned_ns", eventPlannedNs},
        {"event_written_ns", eventWrittenNs}};
    return QByteArray::fromStdString(json.dump());
}

void SimGroundTruth::add(SimRequestRecord record)
{
    std::lock_guard lock(m_mutex);
    if (m_log) {
        // One write per line, so that a reader following the file never sees half a record.
        m_log->write(record.toJson() + '\n');
        m_log->flush();
    }
    m_records.push_back(std::move(record));
    while (m_records.size() > kMaxRecords)
        m_records.pop_front();
}

std::optional<double> SimScrapeRecord::find(const QString &name, const QString &model) const
{
    for (const Value &v : values) {
        if (v.name == name && v.model == model)
            return v.value;
    }
    return std::nullopt;
}

void SimGroundTruth::addScrape(SimScrapeRecord scrape)
{
    std::lock_guard lock(m_mutex);
    m_scrapes.push_back(std::move(scrape));
    while (m_scrapes.size() > kMaxScrapes)
        m_scrapes.pop_front();
}

std::vector<SimScrapeRecord> SimGroundTruth::scrapes() const
{
    std::lock_guard lock(m_mutex);
    return {m_scrapes.begin(), m_scrapes.end()};
}

std::vector<SimRequestRecord> SimGroundTruth::records() const
{
    std::lock_guard lock(m_mutex);
    return {m_records.begin(), m_records.end()};
}

std::optional<SimRequestRecord> SimGroundTruth::find(const QByteArray &requestId) const
{
    std::lock_guard lock(m_mutex);
    for (auto it = m_records.rbegin(); it != m_records.rend(); ++it) {
        if (it->requestId == requestId)
            return *it;
    }
    return std::nullopt;
}

bool SimGroundTruth::openLog(const QString &path, QString *error)
{
    std::lock_guard lock(m_mutex);
    m_log.reset();
    if (path.isEmpty())
        return true;
    m_log.emplace(path);
    if (!m_log->open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text)) {
        if (error)
            *error = GroundTruthTr::tr("cannot open the request log %1: %2")
                         .arg(QDir::toNativeSeparators(path), m_log->errorString());
        m_log.reset();
        return false;
    }
    return true;
}

} // namespace ys
