#include "models/contract_model.h"

#include "models/cell_values.h"
#include "models/contract_text.h"

namespace ys {

namespace {

// The share as a number for export (percent), shown with its interval.
QVariant percentOrNull(const std::optional<double> &share)
{
    return share ? QVariant(*share * 100) : QVariant();
}

} // namespace

ContractModel::ContractModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("answers", "", QT_TR_NOOP("Answers checked"), [this](int r) {
        return at(r).contract.answers;
    }).aligned(right);
    addColumn("pass_rate_pct", "%", QT_TR_NOOP("Passed every check"),
              [this](int r) { return percentOrNull(at(r).contract.passRate); })
        .shown([this](int r) {
            const ContractSummary &c = at(r).contract;
            return ContractText::rate(c.passRate, c.passRateCi);
        })
        .aligned(right)
        .headerTip(QT_TR_NOOP("The share of successful answers that passed every check of "
                              "their contract, with its 95% Wilson interval: the figure the "
                              "contract pass rate gate reads"));
    for (const char *check : {"json", "schema", "regex", "max_chars", "golden", "tool_arguments"}) {
        const QString name = QString::fromLatin1(check);
        const auto rate = [this, name](int r) {
            return at(r).contract.rate(name);
        };
        addColumn(check, "%", nullptr,
                  [rate](int r) {
                      const ContractCheckRate *c = rate(r);
                      return c ? percentOrNull(c->rate) : QVariant();
                  })
            .titled([name] { return ContractText::checkName(name); })
            .shown([rate](int r) {
                const ContractCheckRate *c = rate(r);
                return c ? ContractText::rate(c->rate, c->ci) : dash();
            })
            .aligned(right);
    }
    addColumn("failures", "", QT_TR_NOOP("Failed checks"), [this](int r) {
        return qint64(at(r).contract.failures.size());
    }).aligned(right);
}

ContractFailuresModel::ContractFailuresModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("request_index", "", QT_TR_NOOP("Request"), [this](int r) {
        return at(r).requestIndex;
    }).aligned(right);
    addColumn("attempt", "", QT_TR_NOOP("Retry"), [this](int r) {
        return at(r).attempt;
    }).aligned(right);
    addColumn("check", "", QT_TR_NOOP("Check"), [this](int r) {
        return at(r).check;
    }).shown([this](int r) { return ContractText::checkName(at(r).check); });
    addColumn("path", "", QT_TR_NOOP("Where"), [this](int r) {
        const ContractFailure &f = at(r);
        return f.check == QLatin1StringView("schema")
                   ? QVariant(f.path.isEmpty() ? QStringLiteral("/") : f.path)
                   : QVariant();
    });
    addColumn("detail", "", QT_TR_NOOP("What failed"), [this](int r) {
        return at(r).detail;
    }).tip([this](int r) { return at(r).detail; });
    addColumn("prompt", "", QT_TR_NOOP("Golden prompt"), [this](int r) {
        return at(r).prompt;
    }).tip([this](int r) { return at(r).prompt; });
    addColumn("answer", "", QT_TR_NOOP("Answer"), [this](int r) {
        return at(r).answer;
    }).shown([this](int r) {
          return at(r).answer.simplified().left(120);
      }).tip([this](int r) { return at(r).answer.left(2000); });
}

} // namespace ys
