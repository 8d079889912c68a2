"""Asking the processor for memory a compiled loop will read soon (numba).

The kill-order count follows a chunk's states one after the other, and each state's records
lie somewhere else in a big array: each first read of them misses the cache and stalls the
loop. :func:`prefetch` asks for the line of ``array[index]`` (LLVM's ``llvm.prefetch``: a
hint, which never faults) while the loop still works on the state before. The count's
graph asks for the slot of a state's hash in its table 16 states ahead (the hashes are
known before). Where the next read is known early enough, the processor overlaps it on
its own: asking ahead in the search's hash table (:func:`~.kernels.unite_hashed`), the
backward pass or the graph's records gained nothing.

>>> import numpy as np
>>> from numba import njit
>>> @njit
... def total(values, order):
...     sum = 0
...     for i in range(order.shape[0]):
...         if i + 8 < order.shape[0]:
...             prefetch(values, order[i + 8])
...         sum += values[order[i]]
...     return sum
>>> total(np.arange(100), np.arange(100)[::-1].copy())
4950
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

__all__ = ["prefetch"]


@intrinsic
def prefetch(typingctx, array, index):
    """Ask for the cache line of ``array[index]`` (of row ``index``'s first element, in an
    array of more dimensions) to be read soon; compiled code only. An index past the array
    reads nothing: the hint is dropped."""

    def codegen(context, builder, signature, args):
        array_type = signature.args[0]
        view = context.make_array(array_type)(context, builder, args[0])
        first = [args[1]] + [ir.Constant(args[1].type, 0)] * (array_type.ndim - 1)
        pointer = cgutils.get_item_pointer(context, builder, array_type, view, first,
                                           wraparound=False)  # fmt: skip
        word = ir.IntType(32)
        hint = ir.FunctionType(ir.VoidType(), [pointer.type, word, word, word])
        call = cgutils.get_or_insert_function(builder.module, hint, "llvm.prefetch.p0")
        # a read (0), kept in every level of the cache (3), of data (1)
        builder.call(call, [pointer, ir.Constant(word, 0), ir.Constant(word, 3),
                            ir.Constant(word, 1)])  # fmt: skip
        return context.get_dummy_value()

    return types.void(array, index), codegen
