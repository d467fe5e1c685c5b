#include "workbench/bill_import.h"

#include "storage/session_repository.h"
#include "storage/usage_query.h"
#include "workbench/background_reader.h"
#include "workbench/workbench.h"

#include <QFile>
#include <QFileInfo>

namespace ys {

namespace {

const QString kBillChannel = QStringLiteral("bill-import");

} // namespace

BillImport::BillImport(Workbench *workbench, QObject *parent)
    : QObject(parent)
    , m_workbench(workbench)
{
}

bool BillImport::load(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot be read (%2)").arg(path, file.errorString());
        return false;
    }
    const QByteArray text = file.readAll();
    QString why;
    const auto header = BillCsv::header(text, &why);
    if (!header) {
        *error = tr("%1: %2").arg(QFileInfo(path).fileName(), why);
        return false;
    }
    m_path = path;
    m_text = text;
    m_header = *header;
    // Each field from the column of its default name; a field the file lacks keeps that name,
    // which then finds nothing until another column is chosen.
    m_columns = BillCsv::Columns{};
    return true;
}

QString BillImport::columnOf(BillCsv::Field f) const
{
    const int c = BillCsv::columnOf(m_header, m_columns, f);
    return c < 0 ? QString() : m_header.at(c);
}

void BillImport::setColumn(BillCsv::Field f, const QString &header)
{
    m_columns.headers[std::size_t(f)] = header.isEmpty() ? BillCsv::fieldName(f) : header;
}

QStringList BillImport::missingFields() const
{
    QStringList missing;
    for (int f = 0; f < BillCsv::FieldCount; ++f)
        if (!BillCsv::optionalField(BillCsv::Field(f)) && columnOf(BillCsv::Field(f)).isEmpty())
            missing << BillCsv::fieldName(BillCsv::Field(f));
    return missing;
}

bool BillImport::reconcile(Done done, QString *error)
{
    if (!loaded()) {
        *error = tr("No bill is loaded: choose a CSV file first");
        return false;
    }
    if (const QStringList missing = missingFields(); !missing.isEmpty()) {
        *error = tr("%1 has no column for %2: choose the column that holds it")
                     .arg(QFileInfo(m_path).fileName(), missing.join(QStringLiteral(", ")));
        return false;
    }
    BackgroundReader *reader = m_workbench->reader();
    if (!reader) {
        *error = tr("No database is open");
        return false;
    }
    reader->read(
        kBillChannel, this,
        [text = m_text, name = QFileInfo(m_path).fileName(), columns = m_columns,
         session = m_session](const SessionRepository &repo, QString *why) {
            std::optional<BillReconciliation> r;
            const auto rows = BillCsv::parse(text, name, columns, why);
            if (!rows)
                return r;
            const auto recorded = UsageQuery::byDayAndModel(repo.database(), session, why);
            if (recorded)
                r = BillReconciler::reconcile(*rows, *recorded);
            return r;
        },
        std::move(done));
    return true;
}

} // namespace ys
