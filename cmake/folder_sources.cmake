# ys_folder_sources(<target> <folder>...): every .h and .cpp file directly in each folder (paths
# relative to the calling CMakeLists.txt) becomes a private source of <target>. A folder is one
# library's part, so what it holds is what it builds: a file added or removed is picked up at
# the next build (CONFIGURE_DEPENDS), and there is no list to keep in step by hand.
function(ys_folder_sources target)
    foreach(folder IN LISTS ARGN)
        file(GLOB sources CONFIGURE_DEPENDS RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}
             ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.h ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.cpp)
        if(NOT sources)
            message(FATAL_ERROR "ys_folder_sources: ${folder} has no sources")
        endif()
        target_sources(${target} PRIVATE ${sources})
    endforeach()
endfunction()
