#pragma once

// What the OpenCL driver adapter (driver.cc) shares with the example's OpenCL kernels (csrc/user/).
#include "driver/driver.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

namespace torch_ocl::driver {

// The command queue behind a driver stream (null: the current device's default stream).
cl_command_queue opencl_queue(Stream stream);
// The context every device memory allocation and program belongs to.
cl_context opencl_context();
// The OpenCL device of a device index.
cl_device_id opencl_device(int device);
// Enqueues an NDRange of `kernel` (arguments already set) on the stream's queue, in stream order, so that
// Stream.query() and synchronization account for it.
Status enqueue_kernel(Stream stream, cl_kernel kernel, cl_uint dims, const std::size_t* global);

} // namespace torch_ocl::driver
