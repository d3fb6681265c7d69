# Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
"""Your own Python glue for torch_mydevice.

accelgen created this file once and never touches it again; torch_mydevice/__init__.py imports it last, after the
backend is registered (torch.mydevice exists, the C++ extension is loaded). Deleting it is fine.

Typical contents: Python wrappers for the operators you add in csrc/user/ (torch.ops.<namespace>.<name>),
autograd formulas for them (torch.library.register_autograd), helpers you want on the package.

Example, for the operator in csrc/user/user_ops.cc once it is uncommented:

    import torch

    def scale(tensor, factor):
        return torch.ops.mydevice_user.scale(tensor, factor)
"""
