# Unity builds (YS_UNITY): a library's sources are compiled a batch at a time, so the Qt, json and
# Eigen templates they share are instantiated and code-generated once per batch instead of once per
# source. Under the sanitizers at -O0 that code generation is most of a source's compile time.
#
# A batch is one translation unit: names in anonymous namespaces must not repeat within a library,
# and a source that needs its own compile definitions is left out of the batches by CMake. GCC
# warns (-Wsubobject-linkage) when a class of one source has a member of an anonymous-namespace
# type, since in a batch that source is an included file; that is only true of the batch, so the
# warning is off for batched targets. Configure with -DYS_UNITY=OFF to compile source by source,
# or with -DYS_UNITY_BATCH_SIZE=0 to compile each library as one batch, which shows every clash
# any split could meet (docs/testing.md).
set(YS_UNITY_BATCH_SIZE 16 CACHE STRING "Sources per unity batch (YS_UNITY)")

# ys_unity(TARGET): TARGET's sources compile in batches when YS_UNITY is on.
function(ys_unity target)
    if(YS_UNITY)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON
                                                   UNITY_BUILD_BATCH_SIZE ${YS_UNITY_BATCH_SIZE})
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
        endif()
    endif()
endfunction()
