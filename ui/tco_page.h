#pragma once

#include "workbench/tco_form.h"

#include <QWidget>
#include <array>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace ys {

class TcoChart;
class TcoSensitivityModel;
class Workbench;

// Total cost of ownership: the inputs of `yardstick-cli tco` as a form and the break-even chart
// of API against self-hosting, recomputed in core (analysis/tco.h) as a field changes. A field
// that is not a number, or out of range, is marked and named in the message, and the chart keeps
// the last valid input. Below the form, the hidden costs (standby deployments, fine-tuning);
// below the chart, the sensitivity table (each input moved alone), exportable as every table is.
class TcoPage : public QWidget {
    Q_OBJECT
public:
    explicit TcoPage(Workbench *workbench, QWidget *parent = nullptr);

    QLineEdit *field(TcoField f) const { return m_fields[std::size_t(f)]; }
    QLineEdit *field(TcoHiddenField f) const { return m_hidden[std::size_t(f)]; }
    // The fine-tuning's kind: LoRA (0) or full (1).
    QComboBox *fineTuneKindBox() const { return m_fineTuneKind; }
    // The hidden-cost lines of the last valid input, as `yardstick-cli tco` prints them.
    QStringList hiddenCosts() const;
    QTableView *sensitivityView() const { return m_sensitivityView; }
    TcoSensitivityModel *sensitivityModel() const { return m_sensitivity; }
    TcoChart *chart() const { return m_chart; }
    QPushButton *useMeasuredButton() const { return m_useMeasured; }
    QComboBox *priceProviderBox() const { return m_priceProvider; }
    QComboBox *throughputProviderBox() const { return m_throughputProvider; }
    // The report of the last valid input, and the input itself.
    const std::optional<TcoReport> &report() const { return m_report; }
    QString message() const;
    // The field marked as refused, if any.
    std::optional<TcoField> refusedField() const { return m_refused; }
    std::optional<TcoHiddenField> refusedHiddenField() const { return m_refusedHidden; }

    static QString fieldLabel(TcoField f);
    static QString fieldLabel(TcoHiddenField f);

private:
    void recompute();
    void useMeasured();
    void refreshProviders();
    QWidget *makeHiddenInputs();
    QWidget *makeSensitivity();

    Workbench *m_workbench;
    std::array<QLineEdit *, 7> m_fields{};
    std::array<QLineEdit *, TcoForm::kHiddenFields> m_hidden{};
    QComboBox *m_fineTuneKind = nullptr;
    QLabel *m_hiddenCosts = nullptr;
    TcoSensitivityModel *m_sensitivity = nullptr;
    QTableView *m_sensitivityView = nullptr;
    QLabel *m_message;
    QLabel *m_result;
    QPushButton *m_useMeasured;
    QComboBox *m_priceProvider;
    QComboBox *m_throughputProvider;
    TcoChart *m_chart;
    std::optional<TcoReport> m_report;
    std::optional<TcoField> m_refused;
    std::optional<TcoHiddenField> m_refusedHidden;
};

} // namespace ys
