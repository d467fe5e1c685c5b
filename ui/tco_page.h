#pragma once

#include "workbench/tco_form.h"

#include <QWidget>
#include <array>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace ys {

class TcoChart;
class Workbench;

// Total cost of ownership: the inputs of `yardstick-cli tco` as a form and the break-even chart
// of API against self-hosting, recomputed in core (analysis/tco.h) as a field changes. A field
// that is not a number, or out of range, is marked and named in the message, and the chart keeps
// the last valid input.
class TcoPage : public QWidget {
    Q_OBJECT
public:
    explicit TcoPage(Workbench *workbench, QWidget *parent = nullptr);

    QLineEdit *field(TcoField f) const { return m_fields[std::size_t(f)]; }
    TcoChart *chart() const { return m_chart; }
    QPushButton *useMeasuredButton() const { return m_useMeasured; }
    QComboBox *priceProviderBox() const { return m_priceProvider; }
    QComboBox *throughputProviderBox() const { return m_throughputProvider; }
    // The report of the last valid input, and the input itself.
    const std::optional<TcoReport> &report() const { return m_report; }
    QString message() const;
    // The field marked as refused, if any.
    std::optional<TcoField> refusedField() const { return m_refused; }

    static QString fieldLabel(TcoField f);

private:
    void recompute();
    void useMeasured();
    void refreshProviders();

    Workbench *m_workbench;
    std::array<QLineEdit *, 7> m_fields{};
    QLabel *m_message;
    QLabel *m_result;
    QPushButton *m_useMeasured;
    QComboBox *m_priceProvider;
    QComboBox *m_throughputProvider;
    TcoChart *m_chart;
    std::optional<TcoReport> m_report;
    std::optional<TcoField> m_refused;
};

} // namespace ys
