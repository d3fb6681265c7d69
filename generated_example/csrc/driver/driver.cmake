# Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
# How the build gets your driver adapter: sources, include directories and libraries for
# torch_mydevice._C. This file is yours; accelgen created it once and never rewrites it.
#
# The default adapter runs on accelsim, the simulated device runtime bundled in third_party/accelsim.
# Porting to your device: list your adapter and link your driver's libraries here instead, e.g.
#   find_package(OpenCL REQUIRED)
#   set(BACKEND_DRIVER_LIBRARIES OpenCL::OpenCL)
add_subdirectory("${CMAKE_CURRENT_LIST_DIR}/../../third_party/accelsim" accelsim)
set(BACKEND_DRIVER_SOURCES "${CMAKE_CURRENT_LIST_DIR}/driver.cc")
set(BACKEND_DRIVER_INCLUDE_DIRS "")
set(BACKEND_DRIVER_LIBRARIES accelsim)
