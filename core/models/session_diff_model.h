#pragma once

#include "analysis/session_diff.h"
#include "models/row_table_model.h"

namespace ys {

class SessionRepository;
struct HistorySource;

// Two sessions or runs compared, one row per provider and figure (analysis/session_diff.h):
// before, after, the change, the 95% interval and the p-value, and whether the change is
// significant. DisplayRole gives text ("—" where there is nothing), ValueRole the raw number.
class SessionDiffModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column {
        ProviderColumn,
        FigureColumn,
        BeforeColumn,
        AfterColumn,
        ChangeColumn,
        IntervalColumn, // ValueRole: the lower end; the upper one is CiHighRole
        PValueColumn,
        VerdictColumn, // ValueRole: true when significant
        ColumnCount
    };
    enum Role { CiHighRole = FirstOwnRole, FigureNameRole, SignificantRole };

    explicit SessionDiffModel(QObject *parent = nullptr);

    void setDiff(SessionDiff diff);
    const SessionDiff &diff() const { return m_diff; }
    // Loads both sides and compares them; false with *error set (the rows are cleared).
    bool load(const SessionRepository &repo, const HistorySource &before,
              const HistorySource &after, QString *error);
    void clear() { setDiff({}); }

    static QString figureLabel(DiffFigure figure);

protected:
    int rows() const override { return int(m_diff.rows.size()); }
    QVariant ownData(int row, int column, int role) const override;

private:
    const DiffRow &at(int row) const { return m_diff.rows[std::size_t(row)]; }
    void addColumns();

    SessionDiff m_diff;
};

} // namespace ys
