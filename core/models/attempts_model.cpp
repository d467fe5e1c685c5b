#include "models/attempts_model.h"

#include "models/cell_values.h"
#include "models/export_roles.h"
#include "util/number_text.h"
#include "util/units.h"

#include <QLocale>
#include <iterator>

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
    case AttemptsModel::ErrorColumn:
        return AttemptSortKey::Error;
    default:
        return AttemptSortKey::Seq;
    }
}

constexpr ExportColumn kExportColumns[] = {
    {"seq", ""},         {"request_index", ""}, {"attempt", ""},  {"outcome", ""},
    {"http_status", ""}, {"ttft_ms", "ms"},     {"e2e_ms", "ms"}, {"output_tokens", "tokens"},
    {"cost_usd", "$"},   {"http_version", ""},  {"error", ""}};
static_assert(std::size(kExportColumns) == AttemptsModel::ColumnCount);

} // namespace

AttemptsModel::AttemptsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
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

void AttemptsModel::setOutcomeFilter(std::optional<Outcome> outcome)
{
    m_outcome = outcome;
    reload();
}

void AttemptsModel::setRunAndFilter(qint64 runId, std::optional<Outcome> outcome)
{
    m_runId = runId;
    m_outcome = outcome;
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
    if (column == HttpVersionColumn || column == ErrorColumn)
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

int AttemptsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AttemptsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttemptsModel::displayValue(const AttemptRow &r, int column) const
{
    const QLocale locale;
    switch (column) {
    case SeqColumn:
        return r.warmup ? tr("%1 (warm-up)").arg(r.seq) : QString::number(r.seq);
    case RequestColumn:
        return QString::number(r.requestIndex);
    case AttemptColumn:
        return QString::number(r.attemptNumber);
    case OutcomeColumn:
        return OutcomeText::display(r.outcome);
    case StatusColumn:
        return r.httpStatus > 0 ? QString::number(r.httpStatus) : dash();
    case TtftColumn:
        return r.ttftNs ? fixedNumber(locale, double(*r.ttftNs) / kNsPerMs, 1) : dash();
    case E2eColumn:
        return fixedNumber(locale, double(r.e2eNs) / kNsPerMs, 1);
    case OutputTokensColumn:
        return r.outputTokens ? locale.toString(*r.outputTokens) : dash();
    case CostColumn:
        return r.costUsd ? fixedNumber(locale, *r.costUsd, 6) : dash();
    case HttpVersionColumn:
        return r.httpVersion.isEmpty() ? dash() : r.httpVersion;
    case ErrorColumn:
        return r.errorLine;
    default:
        return {};
    }
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
    case ErrorColumn:
        return r.errorLine;
    default:
        return {};
    }
}

QVariant AttemptsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AttemptRow &r = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return displayValue(r, index.column());
    case Qt::ToolTipRole:
        return index.column() == ErrorColumn && !r.errorLine.isEmpty() ? QVariant(r.errorLine)
                                                                       : QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == OutcomeColumn || index.column() == HttpVersionColumn ||
            index.column() == ErrorColumn)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case SortRole:
        return sortValue(r, index.column());
    case ExportValueRole:
        return exportValue(r, index.column());
    case SampleIdRole:
        return r.id;
    case OutcomeRole:
        return int(r.outcome);
    default:
        return {};
    }
}

QVariant AttemptsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (isExportHeaderRole(orientation, role))
        return exportHeader(kExportColumns, section, orientation, role);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeqColumn:
        return tr("#");
    case RequestColumn:
        return tr("Request");
    case AttemptColumn:
        return tr("Attempt");
    case OutcomeColumn:
        return tr("Outcome");
    case StatusColumn:
        return tr("HTTP status");
    case TtftColumn:
        return tr("TTFT (ms)");
    case E2eColumn:
        return tr("E2E (ms)");
    case OutputTokensColumn:
        return tr("Output tokens");
    case CostColumn:
        return tr("Cost ($)");
    case HttpVersionColumn:
        return tr("HTTP");
    case ErrorColumn:
        return tr("Error");
    default:
        return {};
    }
}

QHash<int, QByteArray> AttemptsModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(SortRole, "sortValue");
    names.insert(SampleIdRole, "sampleId");
    names.insert(OutcomeRole, "outcome");
    return names;
}

} // namespace ys
