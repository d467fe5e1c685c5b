#include "cli/cli_output.h"

namespace ys::cli {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

int fail(int code, const QString &message)
{
    QTextStream(stderr) << message << '\n';
    return code;
}

} // namespace ys::cli
