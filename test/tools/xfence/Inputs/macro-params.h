// A user header whose macro spells address-space qualifiers.
#define HEADER_PARAMS __global int *dst
