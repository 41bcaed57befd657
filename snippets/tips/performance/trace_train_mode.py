"""A trace keeps the train or eval behaviour it was traced in; .eval() afterwards changes nothing."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(p=0.5))
x = torch.ones(2, 4)

model.train()  # dropout on
traced_in_train = torch.jit.trace(model, x, check_trace=False)  # check_trace would rerun: random
traced_in_train.eval()  # too late: the dropout was recorded with training=True
print("traced in train mode, then .eval(): same output twice:",
      torch.equal(traced_in_train(x), traced_in_train(x)))

model.eval()  # dropout off before tracing
traced_in_eval = torch.jit.trace(model, x)
print("traced in eval mode: same output twice:", torch.equal(traced_in_eval(x), traced_in_eval(x)))
