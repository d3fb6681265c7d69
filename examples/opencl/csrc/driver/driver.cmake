# How the build gets the OpenCL driver adapter (user-owned: accelgen never rewrites this file).
find_package(OpenCL 3.0 REQUIRED)
set(BACKEND_DRIVER_SOURCES "${CMAKE_CURRENT_LIST_DIR}/driver.cc")
set(BACKEND_DRIVER_INCLUDE_DIRS "")
set(BACKEND_DRIVER_LIBRARIES OpenCL::OpenCL)
