// The tests a test group holds (test_main.h registers them, test_main.cpp runs one).
#pragma once

namespace ys::test {

using TestMain = int (*)(int argc, char **argv);

// Registers the test of the source FILE (its __FILE__; the test is named by its base name without
// the extension) and returns true.
bool registerTest(const char *file, TestMain main);

} // namespace ys::test
