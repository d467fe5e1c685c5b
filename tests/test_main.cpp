// The main of a test group: `<group> tst_<unit> [Qt Test arguments]` runs that one test, with the
// Qt Test arguments after its name, as the test's own program would. With no name, or --list, it
// lists the tests it holds.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "test_registry.h"

namespace {

struct RegisteredTest {
    std::string name;
    ys::test::TestMain main;
};

std::vector<RegisteredTest> &registry()
{
    static std::vector<RegisteredTest> tests;
    return tests;
}

std::string baseName(const char *file)
{
    const char *slash = std::strrchr(file, '/');
    std::string name = slash ? slash + 1 : file;
    return name.substr(0, name.rfind('.'));
}

int list(FILE *to)
{
    for (const RegisteredTest &test : registry())
        std::fprintf(to, "%s\n", test.name.c_str());
    return to == stdout ? 0 : 2;
}

} // namespace

bool ys::test::registerTest(const char *file, TestMain main)
{
    registry().push_back({baseName(file), main});
    return true;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && std::strcmp(argv[1], "--list") == 0)
        return list(stdout);
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s TEST [Qt Test arguments]; TEST is one of:\n", argv[0]);
        return list(stderr);
    }
    for (const RegisteredTest &test : registry()) {
        if (test.name != argv[1])
            continue;
        // The test sees itself as its own program: argv[0] names it (the application's name,
        // hence its settings and data folders, follows argv[0]) and its arguments follow.
        const std::string self = argv[0];
        const std::string program = self.substr(0, self.rfind('/') + 1) + test.name;
        std::vector<char *> args{const_cast<char *>(program.c_str())};
        args.insert(args.end(), argv + 2, argv + argc);
        args.push_back(nullptr);
        return test.main(static_cast<int>(args.size()) - 1, args.data());
    }
    std::fprintf(stderr, "%s: no test named \"%s\"; this program holds:\n", argv[0], argv[1]);
    return list(stderr);
}
