// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
/*
 * accelsim collectives: communicators between processes on one machine, through POSIX shared memory, device
 * memory to device memory. The shape is the one vendor collective libraries share (NCCL, RCCL, HCCL, oneCCL):
 *   - one process creates a unique id (accelsimCommGetUniqueId) and hands it to the others out of band (a launcher,
 *     torch's c10d store); every rank then calls accelsimCommInitRank with it, on its current device;
 *   - collectives and point-to-point operations are enqueued on an accelsim stream of the communicator's device
 *     and run when the stream reaches them, as the runtime's own device work (they also run with
 *     ACCELSIM_HOST_ACCESS=0); buffers are device memory of that device;
 *   - the ranks' operations are matched by order: the n-th operation a communicator executes on one rank meets the
 *     n-th on every other rank (its sequence number); operations issued between accelsimGroupStart and
 *     accelsimGroupEnd execute as one, so send/recv pairs in any order cannot deadlock;
 *   - failures never hang: a peer that exits or does not arrive within ACCELSIM_COMM_TIMEOUT_MS (default 30000),
 *     calls that do not match across ranks, and accelsimCommAbort make the operations of every rank fail; the
 *     failure becomes the stream's error (reported by stream/device synchronize) and the communicator's
 *     asynchronous error (accelsimCommGetAsyncError), with a message naming the rank, operation and sequence number.
 * Included by accelsim.h; C, and C++17-compatible.
 */
#ifndef ACCELSIM_ACCELSIM_COMM_H_
#define ACCELSIM_ACCELSIM_COMM_H_

#include "accelsim/accelsim.h" /* accelsimError_t, accelsimStream_t (a no-op when accelsim.h includes this file) */

#ifdef __cplusplus
extern "C" {
#endif

#define ACCELSIM_COMM_UNIQUE_ID_BYTES 128

/* Opaque, fixed size, plain bytes: copy it between processes as they are. */
typedef struct accelsimCommUniqueId {
  char internal[ACCELSIM_COMM_UNIQUE_ID_BYTES];
} accelsimCommUniqueId;

typedef struct accelsimComm_st* accelsimComm_t;

typedef enum accelsimDataType {
  accelsimInt8 = 0,
  accelsimUint8 = 1,
  accelsimInt32 = 2,
  accelsimUint32 = 3,
  accelsimInt64 = 4,
  accelsimUint64 = 5,
  accelsimFloat16 = 6,
  accelsimFloat32 = 7,
  accelsimFloat64 = 8,
  accelsimBfloat16 = 9,
  accelsimBool = 10 /* one byte, 0 or 1; reductions: sum and max are "or", prod and min are "and" */
} accelsimDataType_t;

typedef enum accelsimRedOp {
  accelsimSum = 0,
  accelsimProd = 1,
  accelsimMax = 2,
  accelsimMin = 3,
  accelsimAvg = 4 /* the sum divided by the rank count; floating-point types only */
} accelsimRedOp_t;

/* Does not initialize the runtime: a launcher may call it before forking. */
accelsimError_t accelsimCommGetUniqueId(accelsimCommUniqueId* unique_id);
/* Joins communicator `unique_id` as `rank` of `nranks`, on the calling thread's current device. Blocks until every
 * rank joined (accelsimErrorCommTimeout after ACCELSIM_COMM_TIMEOUT_MS). */
accelsimError_t accelsimCommInitRank(accelsimComm_t* comm, int nranks, accelsimCommUniqueId unique_id, int rank);
/* Releases the handle; operations already enqueued still complete. */
accelsimError_t accelsimCommDestroy(accelsimComm_t comm);
/* Makes pending and future operations of every rank of the communicator fail promptly (accelsimErrorCommAborted),
 * then releases the handle. */
accelsimError_t accelsimCommAbort(accelsimComm_t comm);
accelsimError_t accelsimCommCount(accelsimComm_t comm, int* count);
accelsimError_t accelsimCommUserRank(accelsimComm_t comm, int* rank);
accelsimError_t accelsimCommDevice(accelsimComm_t comm, int* device);
/* The first failure of the communicator's operations on any rank (accelsimSuccess if none). `message` (may be NULL)
 * receives its text, truncated to `message_size` bytes. */
accelsimError_t accelsimCommGetAsyncError(accelsimComm_t comm, accelsimError_t* async_error, char* message,
                                          size_t message_size);

/* Collectives. Counts are elements of `datatype`; in-place use (send == recv buffer) is allowed where the shapes
 * allow it (all-reduce, reduce, broadcast, and the rank's own block for all-gather). */
accelsimError_t accelsimAllReduce(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                                  accelsimRedOp_t op, accelsimComm_t comm, accelsimStream_t stream);
accelsimError_t accelsimBroadcast(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                                  int root, accelsimComm_t comm, accelsimStream_t stream);
/* recvbuff is used on the root only (may be NULL elsewhere). */
accelsimError_t accelsimReduce(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                               accelsimRedOp_t op, int root, accelsimComm_t comm, accelsimStream_t stream);
/* recvbuff holds nranks * sendcount elements, rank r's block at r * sendcount. */
accelsimError_t accelsimAllGather(const void* sendbuff, void* recvbuff, size_t sendcount, accelsimDataType_t datatype,
                                  accelsimComm_t comm, accelsimStream_t stream);
/* sendbuff holds nranks * recvcount elements; rank r receives the reduction of every rank's block r. */
accelsimError_t accelsimReduceScatter(const void* sendbuff, void* recvbuff, size_t recvcount,
                                      accelsimDataType_t datatype, accelsimRedOp_t op, accelsimComm_t comm,
                                      accelsimStream_t stream);
/* Uneven all-to-all: nranks entries each, in elements. What rank r sends to p (sendcounts[p]) must equal what p
 * receives from r (its recvcounts[r]); a difference is reported as accelsimErrorCommMismatch. */
accelsimError_t accelsimAllToAllv(const void* sendbuff, const size_t* sendcounts, const size_t* sdispls,
                                  void* recvbuff, const size_t* recvcounts, const size_t* rdispls,
                                  accelsimDataType_t datatype, accelsimComm_t comm, accelsimStream_t stream);
/* Point to point: matched in order per (sender, receiver) pair; sizes must match. */
accelsimError_t accelsimSend(const void* sendbuff, size_t count, accelsimDataType_t datatype, int peer,
                             accelsimComm_t comm, accelsimStream_t stream);
accelsimError_t accelsimRecv(void* recvbuff, size_t count, accelsimDataType_t datatype, int peer, accelsimComm_t comm,
                             accelsimStream_t stream);
/* Groups (per thread, may nest): the operations issued until the outermost accelsimGroupEnd are enqueued there as
 * one operation of each communicator (all of one communicator's operations in a group must use one stream). */
accelsimError_t accelsimGroupStart(void);
accelsimError_t accelsimGroupEnd(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ACCELSIM_ACCELSIM_COMM_H_ */
