// The kt runtime: include this one header. It pulls in no Eigen and no fmt (see kt/format.hpp for
// an fmt formatter).
#pragma once

#include "kt/dtype.hpp"
#include "kt/error.hpp"
#include "kt/factories.hpp"
#include "kt/generator.hpp"
#include "kt/instrument.hpp"
#include "kt/nn.hpp"
#include "kt/ops.hpp"
#include "kt/tensor_class.hpp"
