// tests/d3d12: ID3D12Device1 and ID3D12Device2 on the D3D12 device —
// QueryInterface (one object; ID3D12Device3 not answered), SetResidencyPriority's
// checks (pipeline libraries: test_d3d12_pipeline_library.cpp), and SetEventOnMultipleFenceCompletion with
// ALL and ANY over two fences signalled from the CPU: eventfd events read back
// (set or not), and a null event blocking until the fences are reached.
#include "d3d12_test_util.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <chrono>
#include <thread>

using namespace d3dvk::test;

namespace {

// Whether the eventfd becomes readable within `ms` (its counter consumed when it does).
bool eventSet(int fd, int ms) {
  pollfd p{fd, POLLIN, 0};
  if (poll(&p, 1, ms) != 1) return false;
  uint64_t count = 0;
  return read(fd, &count, sizeof count) == ssize_t(sizeof count) && count > 0;
}

HANDLE asHandle(int fd) { return reinterpret_cast<HANDLE>(intptr_t(fd)); }

template <typename T>
T* query(IUnknown* object) {
  void* out = nullptr;
  REQUIRE(object->QueryInterface(__uuidof(T), &out) == S_OK);
  REQUIRE(out != nullptr);
  return static_cast<T*>(out);
}

}  // namespace

TEST_CASE("D3D12 device answers ID3D12Device1 and ID3D12Device2 on one object and not ID3D12Device3",
          "[d3d12][device1]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device1* device1 = query<ID3D12Device1>(device);
  ID3D12Device2* device2 = query<ID3D12Device2>(device);
  IUnknown* a = query<IUnknown>(device);
  IUnknown* b = query<IUnknown>(device2);
  CHECK(a == b);  // COM identity: the same object
  CHECK(static_cast<ID3D12Device*>(device1) == static_cast<ID3D12Device*>(device2));
  void* three = reinterpret_cast<void*>(1);
  CHECK(device->QueryInterface(__uuidof(ID3D12Device3), &three) == E_NOINTERFACE);
  CHECK(three == nullptr);
  a->Release();
  b->Release();
  device2->Release();
  device1->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 SetResidencyPriority checks its arguments", "[d3d12][device1]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device1* device1 = query<ID3D12Device1>(device);
  ID3D12Fence* fence = createFence(device);
  ID3D12Pageable* objects[2] = {fence, fence};
  const D3D12_RESIDENCY_PRIORITY priorities[2] = {D3D12_RESIDENCY_PRIORITY_HIGH, D3D12_RESIDENCY_PRIORITY(0x12345678)};
  CHECK(device1->SetResidencyPriority(2, objects, priorities) == S_OK);  // any 32-bit priority
  CHECK(device1->SetResidencyPriority(0, nullptr, nullptr) == S_OK);
  CHECK(device1->SetResidencyPriority(1, nullptr, priorities) == E_INVALIDARG);
  CHECK(device1->SetResidencyPriority(1, objects, nullptr) == E_INVALIDARG);
  ID3D12Pageable* withNull[2] = {fence, nullptr};
  CHECK(device1->SetResidencyPriority(2, withNull, priorities) == E_INVALIDARG);
  fence->Release();
  device1->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 SetEventOnMultipleFenceCompletion signals ALL once both fences and ANY once one fence reach their values",
          "[d3d12][device1][fence]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device1* device1 = query<ID3D12Device1>(device);
  ID3D12Fence* fences[2] = {createFence(device), createFence(device)};
  const UINT64 values[2] = {2, 3};
  const int all = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC), any = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  REQUIRE(all >= 0);
  REQUIRE(any >= 0);

  REQUIRE(device1->SetEventOnMultipleFenceCompletion(fences, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL,
                                                     asHandle(all)) == S_OK);
  REQUIRE(device1->SetEventOnMultipleFenceCompletion(fences, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY,
                                                     asHandle(any)) == S_OK);
  CHECK_FALSE(eventSet(all, 50));
  CHECK_FALSE(eventSet(any, 50));
  // The second fence reaches its value (3): ANY is set, ALL still waits for the first (2). (Exactly 3: the
  // validation layer's synchronization checks keep a CPU signal above every wait's value "pending" and would
  // flag the later CPU signal of this fence to 20.)
  REQUIRE(fences[1]->Signal(3) == S_OK);
  CHECK(eventSet(any, 5000));
  CHECK_FALSE(eventSet(all, 100));
  REQUIRE(fences[0]->Signal(1) == S_OK);  // below its value
  CHECK_FALSE(eventSet(all, 100));
  REQUIRE(fences[0]->Signal(2) == S_OK);
  CHECK(eventSet(all, 5000));
  CHECK_FALSE(eventSet(any, 50));  // signalled once only

  // Values already reached: the event is set at once.
  REQUIRE(device1->SetEventOnMultipleFenceCompletion(fences, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL,
                                                     asHandle(all)) == S_OK);
  CHECK(eventSet(all, 0));

  // A null event blocks until the fences are reached: ANY returns once one of them is.
  const UINT64 later[2] = {10, 20};
  std::thread signaller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    fences[1]->Signal(20);
  });
  const auto start = std::chrono::steady_clock::now();
  CHECK(device1->SetEventOnMultipleFenceCompletion(fences, later, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, nullptr) == S_OK);
  CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(90));
  CHECK(fences[1]->GetCompletedValue() == 20);
  signaller.join();
  CHECK(fences[0]->GetCompletedValue() == 2);  // ANY did not need it
  std::thread second([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    fences[0]->Signal(10);
  });
  CHECK(device1->SetEventOnMultipleFenceCompletion(fences, later, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, nullptr) == S_OK);
  CHECK(fences[0]->GetCompletedValue() == 10);
  second.join();

  // Refused: no fences, null arrays or a null fence, another device's fence, an event that is no eventfd.
  CHECK(device1->SetEventOnMultipleFenceCompletion(fences, values, 0, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, nullptr) ==
        E_INVALIDARG);
  CHECK(device1->SetEventOnMultipleFenceCompletion(nullptr, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, nullptr) ==
        E_INVALIDARG);
  CHECK(device1->SetEventOnMultipleFenceCompletion(fences, nullptr, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, nullptr) ==
        E_INVALIDARG);
  ID3D12Fence* withNull[2] = {fences[0], nullptr};
  CHECK(device1->SetEventOnMultipleFenceCompletion(withNull, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, nullptr) ==
        E_INVALIDARG);
  ID3D12Device* otherDevice = createDevice12();
  ID3D12Fence* foreign[2] = {fences[0], createFence(otherDevice)};
  CHECK(device1->SetEventOnMultipleFenceCompletion(foreign, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, nullptr) ==
        E_INVALIDARG);  // a fence of another device
  foreign[1]->Release();
  CHECK(otherDevice->Release() == 0);
  int pipeFds[2];
  REQUIRE(pipe(pipeFds) == 0);
  CHECK(device1->SetEventOnMultipleFenceCompletion(fences, later, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL,
                                                   asHandle(pipeFds[1])) == E_INVALIDARG);
  close(pipeFds[0]);
  close(pipeFds[1]);

  close(all);
  close(any);
  fences[0]->Release();
  fences[1]->Release();
  device1->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 SetEventOnMultipleFenceCompletion's pending event keeps its fences alive until they are reached",
          "[d3d12][device1][fence]") {
  ID3D12Device* device = createDevice12();
  ID3D12Device1* device1 = query<ID3D12Device1>(device);
  ID3D12Fence* fences[2] = {createFence(device), createFence(device)};
  const UINT64 values[2] = {1, 1};
  const int event = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  REQUIRE(event >= 0);
  REQUIRE(device1->SetEventOnMultipleFenceCompletion(fences, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL,
                                                     asHandle(event)) == S_OK);
  // The application keeps only one fence: the waiter holds the other.
  ID3D12Fence* kept = fences[0];
  fences[1]->Signal(1);
  CHECK(fences[1]->Release() > 0);  // the waiter's reference
  CHECK_FALSE(eventSet(event, 50));
  kept->Signal(1);
  CHECK(eventSet(event, 5000));
  kept->Release();
  device1->Release();
  // The waiter let go of its fences before setting the event.
  CHECK(device->Release() == 0);
  close(event);
}
