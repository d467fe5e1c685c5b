// json_fields::parseKeeping against nlohmann's own parser with a callback that drops the same
// members: the same value (or the same rejection) for every input, whether the plain scanner
// read it or handed it on. Inputs: a corpus of edge cases and many seeded mutations of real
// stream events.
#include "provider/json_fields.h"

#include <QRandomGenerator>
#include <QTest>
#include <nlohmann/json.hpp>
#include <string>

using namespace ys;
using nlohmann::json;

namespace {

const json_fields::KeySet &keys()
{
    static const json_fields::KeySet k{"model", "choices", "delta",   "content",
                                       "usage", "error",   "message", "finish_reason",
                                       "n",     "x",       "é",       "a\"b"};
    return k;
}

json reference(const std::string &text)
{
    const json::parser_callback_t keep = [](int, json::parse_event_t event, json &parsed) {
        if (event != json::parse_event_t::key)
            return true;
        return keys().contains(parsed.get<std::string>());
    };
    json result = json::parse(text.begin(), text.end(), keep, false);
    return result;
}

// Same value and same type of every number (unsigned, signed, float), or both rejected.
bool same(const json &a, const json &b)
{
    if (a.is_discarded() || b.is_discarded())
        return a.is_discarded() && b.is_discarded();
    if (a.type() != b.type())
        return false;
    if (a.is_object()) {
        if (a.size() != b.size())
            return false;
        for (auto it = a.begin(); it != a.end(); ++it) {
            const auto other = b.find(it.key());
            if (other == b.end() || !same(it.value(), *other))
                return false;
        }
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!same(a[i], b[i]))
                return false;
        return true;
    }
    return a == b;
}

bool check(const std::string &text, QString *why)
{
    const json expected = reference(text);
    const json actual =
        json_fields::parseKeeping(QByteArrayView(text.data(), qsizetype(text.size())), keys());
    if (same(expected, actual))
        return true;
    *why = QStringLiteral("input %1: expected %2, got %3")
               .arg(QString::fromStdString(json(text).dump()),
                    QString::fromStdString(expected.is_discarded() ? "<invalid>" : expected.dump()),
                    QString::fromStdString(actual.is_discarded() ? "<invalid>" : actual.dump()));
    return false;
}

} // namespace

class TstJsonFields : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void corpus_data();
    void corpus();
    void mutations();
};

void TstJsonFields::corpus_data()
{
    QTest::addColumn<QByteArray>("text");
    const char *cases[] = {
        R"({"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]})",
        R"({"choices":[{"delta":{"content":"caf\u00e9 \ud83d\ude00"}}]})",
        R"({"choices":[{"delta":{"content":"a\"b\\c\/d\b\f\n\r\t"}}]})",
        R"({"content":"é中😀"})",
        "{\"content\":\"\xC3\"}",
        "{\"content\":\"\xED\xA0\x80\"}",
        "{\"content\":\"\xF4\x90\x80\x80\"}",
        "{\"content\":\"\xE0\x80\xAF\"}",
        "{\"content\":\"\xC0\xAF\"}",
        "{\"content\":\"\x01\"}",
        "{\"content\":\"\x7F\"}",
        "\xEF\xBB\xBF{\"content\":1}",
        R"({"n":0,"x":-0,"usage":{"a":18446744073709551615,"b":-9223372036854775808}})",
        R"({"n":123456789012345678,"x":1234567890123456789})",
        R"({"n":1.5,"x":1e3,"usage":2E-2})",
        R"({"n":01})",
        R"({"n":-})",
        R"({"n":+1})",
        R"({"n":.5})",
        R"({"n":1.})",
        R"({"n":true,"x":false,"model":null})",
        R"({"n":tru})",
        R"({"n":nul})",
        R"({"skipped":{"deep":[1,2,{"x":[true,null,"s"]}]},"x":[[],{}]})",
        R"({"x":[1,2,],"n":1})",
        R"({,})",
        R"({"x":1,})",
        R"({"x" 1})",
        R"({"x":1 "n":2})",
        R"({"x":1}{"n":2})",
        R"({"x":1} )",
        " \t\r\n{\"x\":1}\n",
        R"({"x":1} x)",
        R"({"x":"unterminated)",
        R"({"x":1)",
        R"([1,2,3])",
        R"("just a string")",
        R"(42)",
        R"()",
        R"( )",
        R"({"x":1,"x":2,"n":3,"n":{"a":1}})",
        R"({"a\"b":1,"a\u0022b":2})",
        R"({"\u0078":"keyed by an escape"})",
        R"({"x":"\u00"})",
        R"({"x":"\q"})",
        R"({"x":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}})",
        R"({"x":/*c*/1})",
        R"({'x':1})",
        R"({x:1})",
    };
    int i = 0;
    for (const char *text : cases)
        QTest::newRow(QByteArray::number(i++).constData()) << QByteArray(text);
    QTest::newRow("nul inside") << QByteArray("{\"x\":\"a\0b\"}", 11);
    QTest::newRow("nul after") << QByteArray("{\"x\":1}\0", 8);
}

void TstJsonFields::corpus()
{
    QFETCH(QByteArray, text);
    QString why;
    QVERIFY2(check(text.toStdString(), &why), qPrintable(why));
}

void TstJsonFields::mutations()
{
    const std::string seeds[] = {
        R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1732960000,"model":"bench","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"content":" token"},"logprobs":null,"finish_reason":null}]})",
        R"({"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":40,"completion_tokens":-1,"n":1.25e2}})",
        R"({"error":{"message":"caf\u00e9 \"quoted\"","type":"x","code":null},"x":[true,false,null,"é"]})",
    };
    const char alphabet[] = "{}[]\":,\\ \t\r\n0123456789-+.eEtrufalsn\"xu\x80\xC3\xA9\xED\xF0\x01";
    QRandomGenerator rng(20261130);
    int checked = 0;
    for (const std::string &seed : seeds) {
        for (int i = 0; i < 4000; ++i) {
            std::string text = seed;
            const int edits = 1 + int(rng.bounded(3));
            for (int e = 0; e < edits && !text.empty(); ++e) {
                const auto at = std::size_t(rng.bounded(quint32(text.size())));
                const char c = alphabet[rng.bounded(quint32(sizeof alphabet - 1))];
                switch (rng.bounded(3)) {
                case 0:
                    text[at] = c;
                    break;
                case 1:
                    text.insert(text.begin() + std::ptrdiff_t(at), c);
                    break;
                default:
                    text.erase(at, 1);
                    break;
                }
            }
            QString why;
            QVERIFY2(check(text, &why), qPrintable(why));
            ++checked;
        }
    }
    QCOMPARE(checked, 12000);
}

QTEST_GUILESS_MAIN(TstJsonFields)
#include "tst_json_fields.moc"
