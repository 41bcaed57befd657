"""The C++ reference: the tiny MLP, ``DynamicRNN``'s loop and a repeated multiplication against
libtorch, compiled by ``load_inline`` into ``.cache/cpp/`` (by source and torch version)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
from functools import lru_cache
from pathlib import Path
from types import ModuleType

import torch

SOURCE = r"""
// The headers these functions use, not <torch/extension.h>, which brings all of ATen and the C++
// frontend into the compile: pybind11 with ATen's casters, the bindings' wrapper, one per op.
#include <torch/csrc/Exceptions.h>
#include <torch/csrc/utils/pybind.h>
#include <ATen/ops/add.h>
#include <ATen/ops/addmm.h>
#include <ATen/ops/mul.h>
#include <ATen/ops/relu.h>
#include <ATen/ops/stack.h>
#include <ATen/ops/tanh.h>
#include <ATen/ops/zeros.h>
#include <c10/core/GradMode.h>

// The tiny MLP: addmm and relu per layer, no relu after the last.
at::Tensor mlp_forward(at::Tensor x, std::vector<at::Tensor> weights,
                       std::vector<at::Tensor> biases) {
  at::NoGradGuard no_grad;
  for (size_t i = 0; i < weights.size(); ++i) {
    x = at::addmm(biases[i], x, weights[i].t());
    if (i + 1 < weights.size()) x = at::relu(x);
  }
  return x;
}

// DynamicRNN's loop: over time, then over layers, one hidden state per layer (nn.RNNCell, tanh).
at::Tensor rnn_forward(at::Tensor input, std::vector<at::Tensor> w_ih,
                       std::vector<at::Tensor> w_hh, std::vector<at::Tensor> b_ih,
                       std::vector<at::Tensor> b_hh) {
  at::NoGradGuard no_grad;
  const auto layers = w_ih.size();
  std::vector<at::Tensor> h(layers, at::zeros({input.size(1), w_hh[0].size(0)},
                                               input.options()));
  std::vector<at::Tensor> outputs;
  for (int64_t t = 0; t < input.size(0); ++t) {
    auto x = input[t];
    for (size_t l = 0; l < layers; ++l) {
      h[l] = at::tanh(at::add(at::addmm(b_ih[l], x, w_ih[l].t()),
                              at::addmm(b_hh[l], h[l], w_hh[l].t())));
      x = h[l];
    }
    outputs.push_back(x);
  }
  // Stacked like DynamicRNN's outputs, so both do the same work; the final states are returned.
  auto stacked = at::stack(outputs);
  return at::stack(h);
}

// One multiplication, `times` times: the cost of the operation without Python around it.
at::Tensor mul_repeated(at::Tensor a, at::Tensor b, int64_t times) {
  at::NoGradGuard no_grad;
  at::Tensor out;
  for (int64_t i = 0; i < times; ++i) out = at::mul(a, b);
  return out;
}
"""
FUNCTIONS = ["mlp_forward", "rnn_forward", "mul_repeated"]
CACHE = Path(".cache", "cpp")  # in the repository the worker runs in


class NoCompiler(RuntimeError):
    """No C++ compiler here: the C++ column says so instead of a figure."""


def compiler() -> str | None:
    return shutil.which(os.environ.get("CXX", "c++"))


@lru_cache(maxsize=1)
def extension() -> ModuleType:
    """The compiled extension, built on first use and kept in :data:`CACHE`; NoCompiler if none."""
    if compiler() is None:
        raise NoCompiler("no C++ compiler")
    if shutil.which("ninja") is None:
        # load_inline runs `ninja` from PATH, which `.venv/bin/python -m ...` leaves without it.
        import ninja

        os.environ["PATH"] = ninja.BIN_DIR + os.pathsep + os.environ.get("PATH", "")
    from torch.utils.cpp_extension import load_inline

    digest = hashlib.sha256(f"{SOURCE}{torch.__version__}".encode()).hexdigest()[:12]
    build = CACHE.resolve() / digest
    build.mkdir(parents=True, exist_ok=True)
    # load_inline's `lock` file outlives a run stopped mid-build and then blocks every later one;
    # an flock, which the system releases with its process, makes such a file known to be stale.
    with open(build / "build.flock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        (build / "lock").unlink(missing_ok=True)
        return load_inline(
            name=f"dyndocs_reference_{digest}",
            cpp_sources=[SOURCE],
            functions=FUNCTIONS,
            build_directory=str(build),
            extra_cflags=["-O2"],
            no_implicit_headers=True,
            verbose=False,
        )
