"""The article's training loop on a real model: linear regression on synthetic data."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
# Synthetic data: y = 3x - 2 plus a little noise
features = torch.rand(256, 1) * 4 - 2
targets = 3 * features - 2 + 0.1 * torch.randn(256, 1)
dataset = TensorDataset(features, targets)
dataloader = DataLoader(
    dataset, batch_size=32, shuffle=True, generator=torch.Generator().manual_seed(0)
)

model = nn.Linear(1, 1)
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
num_epochs = 5

losses = []
for epoch in range(num_epochs):
    running = 0.0
    for inputs, labels in dataloader:
        optimizer.zero_grad()  # clear the gradients
        outputs = model(inputs)
        loss = criterion(outputs, labels)
        loss.backward()  # backpropagation
        optimizer.step()  # update the parameters
        running += loss.item() * len(inputs)
    losses.append(running / len(dataset))
    print(f"epoch {epoch + 1}: mean loss {losses[-1]:.4f}")

print(f"learned weight {model.weight.item():.2f}, bias {model.bias.item():.2f} (true: 3 and -2)")
