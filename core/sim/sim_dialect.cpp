#include "sim/sim_dialect.h"

#include "sim/sim_anthropic.h"
#include "sim/sim_gemini.h"
#include "sim/sim_openai_chat.h"
#include "sim/sim_openai_responses.h"

#include <QDateTime>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ys {

QByteArray SimDialect::apiKey(const SimHttpRequest &request) const
{
    return request.header(keyHeader()).trimmed();
}

bool SimDialect::checkHeaders(const SimHttpRequest &, SimError *) const
{
    return true;
}

SimHeaders SimDialect::extraHeaders(const QByteArray &) const
{
    return {};
}

std::unique_ptr<SimDialect> simDialectFor(const SimHttpRequest &request)
{
    if (request.path == "/v1/chat/completions")
        return std::make_unique<SimOpenAiChat>();
    if (request.path == "/v1/responses")
        return std::make_unique<SimOpenAiResponses>();
    if (request.path == "/v1/messages")
        return std::make_unique<SimAnthropic>();
    if (request.path.startsWith("/v1beta/models/") || request.path.startsWith("/v1/models/")) {
        if (request.path.endsWith(":streamGenerateContent"))
            return std::make_unique<SimGemini>(true);
        if (request.path.endsWith(":generateContent"))
            return std::make_unique<SimGemini>(false);
    }
    return nullptr;
}

void simAppendMessage(QString &prompt, const QString &message)
{
    if (message.isEmpty())
        return;
    if (!prompt.isEmpty())
        prompt += QLatin1Char('\n');
    prompt += message;
}

QByteArray simJsonString(QStringView text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    const QByteArray utf8 = text.toUtf8();
    QByteArray out;
    out.reserve(utf8.size() + 2);
    out += '"';
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (u < 0x20) {
                out += "\\u00";
                out += kHex[u >> 4];
                out += kHex[u & 0xF];
            } else {
                out += c;
            }
        }
    }
    out += '"';
    return out;
}

QByteArray simRandomToken(SimRandom &random, int length)
{
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QByteArray token;
    token.reserve(length);
    for (int i = 0; i < length; ++i)
        token.append(kAlphabet[random.uniformInt(0, int(sizeof(kAlphabet)) - 2)]);
    return token;
}

std::vector<SimSse> SimDialect::inBandError(const SimReply &reply) const
{
    return {{{}, reply.body}};
}

QByteArray simErrorFieldJson(const SimReply &reply)
{
    nlohmann::ordered_json body =
        nlohmann::ordered_json::parse(reply.body.begin(), reply.body.end(), nullptr, false);
    nlohmann::ordered_json error = nlohmann::ordered_json::object();
    if (body.is_object() && body.contains("error") && body["error"].is_object())
        error = body["error"];
    error["code"] = reply.status;
    return QByteArray::fromStdString(error.dump());
}

QByteArray simHex64(std::uint64_t value)
{
    return QByteArray::number(qulonglong(value), 16).rightJustified(16, '0');
}

SimModelField simReadModelField(const QByteArray &bytes, nlohmann::json *body, QString *model)
{
    nlohmann::json parsed = nlohmann::json::parse(bytes.cbegin(), bytes.cend(), nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object())
        return SimModelField::NotJson;
    const auto it = parsed.find("model");
    if (it == parsed.end() || !it->is_string())
        return SimModelField::Missing;
    *model = QString::fromStdString(it->get<std::string>());
    *body = std::move(parsed);
    return SimModelField::Read;
}

QString simMaskKey(const QByteArray &key)
{
    if (key.size() <= 8)
        return QStringLiteral("***");
    return QString::fromUtf8(key.left(3)) + QStringLiteral("***") + QString::fromUtf8(key.right(4));
}

QByteArray simGoDuration(std::int64_t ns)
{
    const std::int64_t ms = (std::max<std::int64_t>(ns, 0) + 999'999) / 1'000'000;
    if (ms < 1000)
        return QByteArray::number(ms) + "ms";
    const std::int64_t hours = ms / 3'600'000;
    const std::int64_t minutes = ms / 60'000 % 60;
    const double seconds = double(ms % 60'000) / 1000.0;
    QByteArray text;
    if (hours > 0)
        text += QByteArray::number(hours) + 'h';
    if (hours > 0 || minutes > 0)
        text += QByteArray::number(minutes) + 'm';
    // Like Go: no trailing zeros ("1.5s"), whole seconds without a point ("6m0s").
    text += QByteArray::number(seconds, 'g', 6) + 's';
    return text;
}

QByteArray simRetryAfterSeconds(std::int64_t ns)
{
    return QByteArray::number(std::max<std::int64_t>(1, (ns + 999'999'999) / 1'000'000'000));
}

QByteArray simRfc3339FromNow(std::int64_t ns)
{
    const QDateTime at = QDateTime::currentDateTimeUtc().addMSecs((ns + 999'999) / 1'000'000);
    return at.toString(Qt::ISODate).toLatin1();
}

void simReadOpenAiFormat(const nlohmann::json &format, SimChatRequest *out)
{
    if (!format.is_object())
        return;
    const auto type = format.find("type");
    if (type == format.end() || !type->is_string())
        return;
    if (*type == "json_object") {
        out->responseFormat = QStringLiteral("json");
    } else if (*type == "json_schema") {
        out->responseFormat = QStringLiteral("json_schema");
        const auto inner = format.find("json_schema");
        const nlohmann::json &holder = inner != format.end() ? *inner : format;
        if (const auto schema = holder.find("schema"); schema != holder.end())
            out->schema = QByteArray::fromStdString(schema->dump());
    }
}

} // namespace ys
