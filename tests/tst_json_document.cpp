// JsonDocument, the stream decoders' parser, against nlohmann::json's: the same value (or the
// same rejection) for every input. Inputs: a corpus of edge cases and many seeded mutations of
// real stream events; then what only JsonDocument has (reuse between parses, names that repeat,
// the depth limit, numbers at the edges of 64 bits).
#include "wire/json_document.h"

#include "json_compare.h"
#include "test_main.h"

#include <QRandomGenerator>
#include <QTest>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

using namespace ys;
using nlohmann::json;

namespace {

QString show(const json &j)
{
    return QString::fromStdString(j.dump(-1, ' ', false, json::error_handler_t::replace));
}

bool check(JsonDocument &doc, const std::string &text, QString *why)
{
    const json expected = json::parse(text.begin(), text.end(), nullptr, false);
    const bool parsed = doc.parse(QByteArrayView(text.data(), qsizetype(text.size())));
    const QString input = show(json(text));
    if (expected.is_discarded()) {
        if (!parsed && !doc.root().isPresent())
            return true;
        *why = QStringLiteral("input %1: accepted, nlohmann refuses it").arg(input);
        return false;
    }
    if (!parsed) {
        *why = QStringLiteral("input %1: refused, nlohmann reads %2").arg(input, show(expected));
        return false;
    }
    std::string what;
    if (test::sameJson(expected, doc.root(), &what))
        return true;
    *why = QStringLiteral("input %1: %2").arg(input, QString::fromStdString(what));
    return false;
}

} // namespace

class TstJsonDocument : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void corpus_data();
    void corpus();
    void mutations();
    void reusedBetweenParses();
    void repeatedNames();
    void depthLimit();
    void numberEdges();
    void iteration();
};

void TstJsonDocument::corpus_data()
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

void TstJsonDocument::corpus()
{
    QFETCH(QByteArray, text);
    JsonDocument doc;
    QString why;
    QVERIFY2(check(doc, text.toStdString(), &why), qPrintable(why));
}

void TstJsonDocument::mutations()
{
    const std::string seeds[] = {
        R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1732960000,"model":"bench","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"content":" token"},"logprobs":null,"finish_reason":null}]})",
        R"({"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":40,"completion_tokens":-1,"n":1.25e2}})",
        R"({"error":{"message":"caf\u00e9 \"quoted\"","type":"x","code":null},"x":[true,false,null,"é"]})",
    };
    const char alphabet[] = "{}[]\":,\\ \t\r\n0123456789-+.eEtrufalsn\"xu\x80\xC3\xA9\xED\xF0\x01";
    QRandomGenerator rng(20261130);
    JsonDocument doc; // one document for all, as a decoder keeps it
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
            QVERIFY2(check(doc, text, &why), qPrintable(why));
            ++checked;
        }
    }
    QCOMPARE(checked, 12000);
}

void TstJsonDocument::reusedBetweenParses()
{
    JsonDocument doc;
    const QByteArray first = R"({"a":"x\ny","b":[1,2,3],"c":{"d":"in place"}})";
    const QByteArray second = R"({"a":"caf\u00e9","e":true})";
    QVERIFY(doc.parse(first));
    QCOMPARE(doc.root()["a"].string(), std::string_view("x\ny"));
    QCOMPARE(doc.root()["c"]["d"].string(), std::string_view("in place"));
    QVERIFY(doc.parse(second));
    QCOMPARE(doc.root()["a"].toQString(), QStringLiteral("café"));
    QVERIFY(!doc.root()["b"].isPresent());
    QVERIFY(doc.root()["e"].boolean());
    // A refused text leaves nothing of the one before.
    QVERIFY(!doc.parse(R"({"a":1,})"));
    QVERIFY(!doc.root().isPresent());
    QVERIFY(!doc.root()["a"].isPresent());
    QCOMPARE(doc.root()["a"].integer(), std::nullopt);
    QCOMPARE(doc.root()["a"].string(), std::string_view());
    QVERIFY(doc.parse(first));
    QCOMPARE(doc.root()["b"].size(), 3);
}

void TstJsonDocument::repeatedNames()
{
    // nlohmann keeps the last value of a repeated name, and so does JsonDocument.
    JsonDocument doc;
    QVERIFY(doc.parse(R"({"x":1,"y":0,"x":{"z":2},"x":3})"));
    QCOMPARE(doc.root()["x"].integer(), std::optional<qint64>(3));
    QCOMPARE(doc.root().size(), 4);
    QVERIFY(doc.parse(R"({"a\"b":1,"a\u0022b":2})"));
    QCOMPARE(doc.root()["a\"b"].integer(), std::optional<qint64>(2));
}

void TstJsonDocument::depthLimit()
{
    JsonDocument doc;
    auto nested = [](int depth) {
        return std::string(std::size_t(depth), '[') + "1" + std::string(std::size_t(depth), ']');
    };
    const std::string deepest = nested(JsonDocument::kMaxDepth);
    QVERIFY(doc.parse(QByteArrayView(deepest.data(), qsizetype(deepest.size()))));
    const std::string deeper = nested(JsonDocument::kMaxDepth + 1);
    QVERIFY(!json::parse(deeper, nullptr, false).is_discarded()); // nlohmann takes any depth
    QVERIFY(!doc.parse(QByteArrayView(deeper.data(), qsizetype(deeper.size()))));
    const std::string objects = std::string(100000, '{');
    QVERIFY(!doc.parse(QByteArrayView(objects.data(), qsizetype(objects.size()))));
}

void TstJsonDocument::numberEdges()
{
    JsonDocument doc;
    QVERIFY(doc.parse(R"([-9223372036854775808,9223372036854775807,9223372036854775808,)"
                      R"(-9223372036854775809,1e-400,0.5,-0])"));
    const JsonValue a = doc.root();
    std::vector<JsonValue> v;
    for (const JsonValue x : a)
        v.push_back(x);
    QCOMPARE(int(v.size()), 7);
    QCOMPARE(v[0].integer(), std::optional<qint64>(std::numeric_limits<qint64>::min()));
    QCOMPARE(v[1].integer(), std::optional<qint64>(std::numeric_limits<qint64>::max()));
    QVERIFY(v[2].type() == JsonValue::Type::Float && !v[2].integer());
    QVERIFY(v[3].type() == JsonValue::Type::Float);
    QCOMPARE(*v[4].number(), 0.0);
    QCOMPARE(*v[5].number(), 0.5);
    QCOMPARE(v[6].integer(), std::optional<qint64>(0));
    // Too large for a double: refused, as nlohmann refuses it.
    QVERIFY(json::parse("1e400", nullptr, false).is_discarded());
    QVERIFY(!doc.parse("1e400"));
    QVERIFY(!doc.parse("[-1e999]"));
}

void TstJsonDocument::iteration()
{
    JsonDocument doc;
    QVERIFY(doc.parse(R"({"one":1,"two":[],"th\u0072ee":{"x":null}})"));
    QStringList names;
    for (auto it = doc.root().begin(); it != doc.root().end(); ++it)
        names << QString::fromUtf8(it.name().data(), qsizetype(it.name().size()));
    QCOMPARE(names,
             (QStringList{QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")}));
    QCOMPARE(doc.root()["two"].size(), 0);
    QVERIFY(!(doc.root()["two"].begin() != doc.root()["two"].end()));
    QVERIFY(doc.root()["three"]["x"].isNull());
    // Members of what is not an object, elements of what is not an array: nothing.
    QVERIFY(!doc.root()["one"]["x"].isPresent());
    int n = 0;
    for (const JsonValue x : doc.root()["one"]) {
        Q_UNUSED(x);
        ++n;
    }
    QCOMPARE(n, 0);
}

YS_TEST_GUILESS_MAIN(TstJsonDocument)
#include "tst_json_document.moc"
