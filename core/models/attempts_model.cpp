#include "models/attempts_model.h"

#include "models/cell_values.h"
#include "models/export_roles.h"
#include "util/number_text.h"
#include "util/units.h"

#include <QLocale>

namespace ys {

namespace {

AttemptSortKey sortKeyOf(int column)
{
    switch (column) {
    case AttemptsModel::RequestColumn:
        return AttemptSortKey::RequestIndex;
    case AttemptsModel::AttemptColumn:
        return AttemptSortKey::AttemptNumber;
    case AttemptsModel::OutcomeColumn:
        return AttemptSortKey::Outcome;
    case AttemptsModel::StatusColumn:
        return AttemptSortKey::HttpStatus;
    case AttemptsModel::TtftColumn:
        return AttemptSortKey::Ttft;
    case AttemptsModel::E2eColumn:
        return AttemptSortKey::E2e;
    case AttemptsModel::OutputTokensColumn:
        return AttemptSortKey::OutputTokens;
    case AttemptsModel::CostColumn:
        return AttemptSortKey::Cost;
    case AttemptsModel::HttpVersionColumn:
        return AttemptSortKey::HttpVersion;
    case AttemptsModel::ContractColumn:
        return AttemptSortKey::Contract;
    case AttemptsModel::ErrorColumn:
        return AttemptSortKey::Error;
    default:
        return AttemptSortKey::Seq;
    }
}

} // namespace

AttemptsModel::AttemptsModel(QObject *parent)
    : RowTableModel(parent)
{
    // Each column's value is what it exports (exportValue(), which the whole-run export reads
    // too); the text is in the user's locale.
    const Qt::Alignment left = Qt::AlignLeft | Qt::AlignVCenter;
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    const auto add = [this](const char *key, const char *unit, const char *title, int c,
                            Qt::Alignment alignment) -> ColumnSpec & {
        return addColumn(key, unit, title, [this, c](int r) { return exportValue(row(r), c); })
            .sortedBy([this, c](int r) { return sortValue(row(r), c); })
            .aligned(alignment);
    };
    const QLocale locale;
    add("seq", "", QT_TR_NOOP("#"), SeqColumn, right).shown([this](int r) {
        return row(r).warmup ? tr("%1 (warm-up)").arg(row(r).seq) : QString::number(row(r).seq);
    });
    add("request_index", "", QT_TR_NOOP("Request"), RequestColumn, right);
    add("attempt", "", QT_TR_NOOP("Attempt"), AttemptColumn, right);
    add("outcome", "", QT_TR_NOOP("Outcome"), OutcomeColumn, left);
    add("http_status", "", QT_TR_NOOP("HTTP status"), StatusColumn, right);
    add("ttft_ms", "ms", QT_TR_NOOP("TTFT (ms)"), TtftColumn, right)
        .shown([this, locale](int r) -> QVariant {
            const auto &ns = row(r).ttftNs;
            return ns ? fixedNumber(locale, double(*ns) / kNsPerMs, 1) : dash();
        });
    add("e2e_ms", "ms", QT_TR_NOOP("E2E (ms)"), E2eColumn, right)
        .shown([this, locale](int r) -> QVariant {
            return fixedNumber(locale, double(row(r).e2eNs) / kNsPerMs, 1);
        });
    add("output_tokens", "tokens", QT_TR_NOOP("Output tokens"), OutputTokensColumn, right)
        .shown([this, locale](int r) -> QVariant {
            const auto &n = row(r).outputTokens;
            return n ? locale.toString(*n) : dash();
        });
    add("cost_usd", "$", QT_TR_NOOP("Cost ($)"), CostColumn, right)
        .shown([this, locale](int r) -> QVariant {
            const auto &c = row(r).costUsd;
            return c ? fixedNumber(locale, *c, 6) : dash();
        });
    add("http_version", "", QT_TR_NOOP("HTTP"), HttpVersionColumn, left);
    add("contract", "", QT_TR_NOOP("Contract"), ContractColumn, left);
    add("error", "", QT_TR_NOOP("Error"), ErrorColumn, left)
        .shown([this](int r) { return row(r).errorLine; })
        .tip([this](int r) {
            const QString &e = row(r).errorLine;
            return e.isEmpty() ? QVariant() : QVariant(e);
        });
}

void AttemptsModel::setPageReader(PageReader reader)
{
    m_reader = std::move(reader);
    reload();
}

void AttemptsModel::setRun(qint64 runId)
{
    m_runId = runId;
    reload();
}

void AttemptsModel::setOutcomeFilter(std::optional<Outcome> outcome, bool contractFailed)
{
    m_outcome = outcome;
    m_contractFailed = contractFailed;
    reload();
}

void AttemptsModel::setRunAndFilter(qint64 runId, std::optional<Outcome> outcome,
                                    bool contractFailed)
{
    m_runId = runId;
    m_outcome = outcome;
    m_contractFailed = contractFailed;
    reload();
}

void AttemptsModel::setPageSize(int rows)
{
    m_pageSize = std::max(1, rows);
    reload();
}

void AttemptsModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    reload();
}

AttemptPageRequest AttemptsModel::request() const
{
    AttemptPageRequest request;
    request.runId = m_runId;
    request.outcome = m_outcome;
    request.contractFailed = m_contractFailed;
    request.sortKey = sortKeyOf(m_sortColumn);
    request.descending = m_sortOrder == Qt::DescendingOrder;
    request.limit = m_pageSize;
    return request;
}

QVariant AttemptsModel::exportValue(const AttemptRow &r, int column)
{
    if (column == OutcomeColumn)
        return OutcomeText::display(r.outcome);
    if (column == StatusColumn && r.httpStatus <= 0)
        return {};
    if (column == HttpVersionColumn || column == ContractColumn || column == ErrorColumn)
        return ys::exportValue({}, sortValue(r, column));
    return sortValue(r, column);
}

void AttemptsModel::setLoading(bool loading)
{
    if (loading == m_loading)
        return;
    m_loading = loading;
    Q_EMIT loadingChanged(loading);
}

void AttemptsModel::read(qint64 offset, bool count)
{
    AttemptPageRequest request = this->request();
    request.offset = offset;
    setLoading(true);
    m_reader(request, count, this, [this, generation = m_generation](PageRead read) {
        arrived(generation, std::move(read));
    });
}

void AttemptsModel::reload()
{
    beginResetModel();
    m_rows.clear();
    m_total = 0;
    m_error.clear();
    ++m_generation;
    endResetModel();
    if (m_reader && m_runId > 0)
        read(0, true);
    else
        setLoading(false);
}

void AttemptsModel::arrived(quint64 generation, PageRead read)
{
    if (generation != m_generation)
        return; // read for what the model showed before its last reset
    if (!read.error.isEmpty()) {
        m_error = read.error;
        m_total = qint64(m_rows.size()); // stop asking for more
        setLoading(false);
        return;
    }
    if (read.matching)
        m_total = *read.matching;
    std::vector<AttemptRow> &more = read.rows;
    // Never more than the count said: a run under way may have grown since (reload() shows it).
    const qint64 room = m_total - qint64(m_rows.size());
    if (qint64(more.size()) > room)
        more.resize(std::size_t(std::max<qint64>(room, 0)));
    if (more.empty()) {
        m_total = qint64(m_rows.size()); // rows went away: stop asking
    } else {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(more.size()) - 1);
        m_rows.insert(m_rows.end(), std::make_move_iterator(more.begin()),
                      std::make_move_iterator(more.end()));
        endInsertRows();
    }
    setLoading(false);
}

bool AttemptsModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_loading && qint64(m_rows.size()) < m_total;
}

void AttemptsModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent) || !m_reader)
        return;
    read(qint64(m_rows.size()), false);
}

QVariant AttemptsModel::sortValue(const AttemptRow &r, int column)
{
    switch (column) {
    case SeqColumn:
        return r.seq;
    case RequestColumn:
        return r.requestIndex;
    case AttemptColumn:
        return r.attemptNumber;
    case OutcomeColumn:
        return outcomeName(r.outcome);
    case StatusColumn:
        return r.httpStatus;
    case TtftColumn:
        return r.ttftNs ? QVariant(double(*r.ttftNs) / kNsPerMs) : QVariant();
    case E2eColumn:
        return double(r.e2eNs) / kNsPerMs;
    case OutputTokensColumn:
        return r.outputTokens ? QVariant(*r.outputTokens) : QVariant();
    case CostColumn:
        return r.costUsd ? QVariant(*r.costUsd) : QVariant();
    case HttpVersionColumn:
        return r.httpVersion;
    case ContractColumn:
        return r.contract;
    case ErrorColumn:
        return r.errorLine;
    default:
        return {};
    }
}

QVariant AttemptsModel::ownData(int row, int, int role) const
{
    const AttemptRow &r = m_rows[std::size_t(row)];
    if (role == SampleIdRole)
        return r.id;
    if (role == OutcomeRole)
        return int(r.outcome);
    return {};
}

QHash<int, QByteArray> AttemptsModel::ownRoleNames() const
{
    return {{SampleIdRole, "sampleId"}, {OutcomeRole, "outcome"}};
}

} // namespace ys
