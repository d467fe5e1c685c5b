#pragma once

// A workbook read back through Python's openpyxl (Debian's python3-openpyxl, which test.sh
// installs): every sheet as rows of cells, for the tests of the XLSX exports.
#include "cli_runner.h"

#include <QDebug>
#include <QFile>
#include <nlohmann/json.hpp>

namespace ys::test {

// The workbook's sheets as JSON: {sheet: [[cell, ...], ...]}, each cell a number, a string or
// null, as openpyxl reads it; null when python3 or openpyxl failed.
inline nlohmann::json readXlsx(const QString &path)
{
    const QString script = QStringLiteral(
        "import json, sys, openpyxl\n"
        "wb = openpyxl.load_workbook(sys.argv[1], read_only=True)\n"
        "out = {}\n"
        "for ws in wb.worksheets:\n"
        "    out[ws.title] = [[c for c in row] for row in ws.iter_rows(values_only=True)]\n"
        "print(json.dumps(out))\n");
    // Debian's python3-openpyxl is installed for the system's python3, which need not be the
    // first python3 on PATH.
    const QString python = QFile::exists(QStringLiteral("/usr/bin/python3"))
                               ? QStringLiteral("/usr/bin/python3")
                               : QStringLiteral("python3");
    const CliResult r = runProgram(python, {QStringLiteral("-c"), script, path});
    if (r.code != 0) {
        qWarning().noquote() << "python3 with openpyxl failed:" << r.err;
        return nullptr;
    }
    return nlohmann::json::parse(r.out.toStdString(), nullptr, false);
}

} // namespace ys::test
