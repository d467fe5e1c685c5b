#pragma once

#include "models/row_table_model.h"
#include "storage/attempt_query.h"

#include <functional>
#include <optional>
#include <vector>

namespace ys {

// One run's attempts, a page at a time: the model holds only the rows fetched so far (the first
// page on every reset, then canFetchMore() / fetchMore() as a view scrolls), never the run's
// samples. The outcome filter and the sort are the query's WHERE and ORDER BY, so a reset reads
// one page whatever the run's size. The reads go through a page reader, which runs them off the
// model's thread (AttemptsPresenter's, on the workbench's reader thread): a reset empties the
// model at once and the rows arrive with the count; fetchMore() asks for the next page and its
// rows are inserted when it comes. DisplayRole gives text ("—" for what did not happen), SortRole
// the raw value.
class AttemptsModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column {
        SeqColumn,
        RequestColumn,
        AttemptColumn,
        OutcomeColumn,
        StatusColumn,
        TtftColumn,
        E2eColumn,
        OutputTokensColumn,
        CostColumn,
        HttpVersionColumn,
        ContractColumn,
        ErrorColumn,
        ColumnCount
    };
    enum Role {
        SampleIdRole = FirstOwnRole, // the attempt's id, for AttemptQuery::attempt()
        OutcomeRole                  // Outcome as int
    };
    static constexpr int kDefaultPageSize = 2000;

    // What a read brings back: a page of rows and, when asked for, how many attempts the filter
    // lets through; error says why the read failed.
    struct PageRead {
        std::optional<qint64> matching;
        std::vector<AttemptRow> rows;
        QString error;
    };
    using PageDone = std::function<void(PageRead read)>;
    // Reads the page of request (offset and limit set), counting too when count is true, and
    // calls done with it on context's thread while context exists. A newer read may supersede
    // an older one, whose done is then never called.
    using PageReader = std::function<void(const AttemptPageRequest &request, bool count,
                                          QObject *context, PageDone done)>;

    explicit AttemptsModel(QObject *parent = nullptr);

    // Unset: the model is empty.
    void setPageReader(PageReader reader);
    // Whether a read is under way (the first page with its count, or a page more).
    bool isLoading() const { return m_loading; }
    void setRun(qint64 runId);
    qint64 runId() const { return m_runId; }
    // Unset: every outcome.
    // contractFailed: only the answers that failed a check of their contract.
    void setOutcomeFilter(std::optional<Outcome> outcome, bool contractFailed = false);
    // Both at once, read once.
    void setRunAndFilter(qint64 runId, std::optional<Outcome> outcome, bool contractFailed = false);
    std::optional<Outcome> outcomeFilter() const { return m_outcome; }
    void setPageSize(int rows);
    int pageSize() const { return m_pageSize; }
    // The attempts the filter lets through, fetched or not.
    qint64 matchingCount() const { return m_total; }
    const AttemptRow &row(int r) const { return m_rows[std::size_t(r)]; }
    // The query behind the rows (run, outcome filter and order), from the first row on.
    AttemptPageRequest request() const;
    // A cell's ExportValueRole (models/export_roles.h): the number in the column's unit, the
    // outcome in words; invalid for what did not happen.
    static QVariant exportValue(const AttemptRow &r, int column);

    // Reads the run again (new attempts of a run under way).
    void reload();
    // Why the last read failed; empty when it did not.
    const QString &lastError() const { return m_error; }

    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

Q_SIGNALS:
    void loadingChanged(bool loading);

protected:
    int rows() const override { return int(m_rows.size()); }
    QVariant ownData(int row, int column, int role) const override;
    QHash<int, QByteArray> ownRoleNames() const override;

private:
    void read(qint64 offset, bool count);
    void arrived(quint64 generation, PageRead read);
    void setLoading(bool loading);
    static QVariant sortValue(const AttemptRow &r, int column);

    PageReader m_reader;
    quint64 m_generation = 0; // a reset's: what arrives for an older one is dropped
    bool m_loading = false;
    qint64 m_runId = 0;
    std::optional<Outcome> m_outcome;
    bool m_contractFailed = false;
    int m_sortColumn = SeqColumn;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    int m_pageSize = kDefaultPageSize;
    qint64 m_total = 0;
    std::vector<AttemptRow> m_rows;
    mutable QString m_error;
};

} // namespace ys
