#include "isa/image_resource.h"

namespace gcnkit::isa::image {

namespace {

// gfx11 (ROCr's resource_gfx11.h, SQ_IMG_RSRC_WORD* and SQ_IMG_SAMP_WORD*).
constexpr DescriptorLayouts kGfx11 = {
    .image =
        {
            .dwords = 8,
            .baseShift = 8,
            .baseLo = {0, 0, 32},
            .baseHi = {1, 0, 8},
            .format = {1, 20, 8},
            .widthLo = {1, 30, 2},
            .widthHi = {2, 0, 12},
            .height = {2, 14, 14},
            .dstSel = {{3, 0, 3}, {3, 3, 3}, {3, 6, 3}, {3, 9, 3}},
            .baseLevel = {3, 12, 4},
            .lastLevel = {3, 16, 4},
            .swMode = {3, 20, 5},
            .type = {3, 28, 4},
            .depth = {4, 0, 13},
            .pitch = {4, 0, 14},
            .baseArray = {4, 16, 13},
        },
    .sampler =
        {
            .clamp = {{0, 0, 3}, {0, 3, 3}, {0, 6, 3}},
            .maxAnisoRatio = {0, 9, 3},
            .depthCompareFunc = {0, 12, 3},
            .forceUnnormalized = {0, 15, 1},
            .minLod = {1, 0, 12},
            .maxLod = {1, 12, 12},
            .lodBias = {2, 0, 14},
            .xyMagFilter = {2, 20, 2},
            .xyMinFilter = {2, 22, 2},
            .zFilter = {2, 24, 2},
            .mipFilter = {2, 26, 2},
            .borderColorPtr = {3, 18, 12},
            .borderColorType = {3, 30, 2},
            .filterMode = {0, 29, 2},
        },
};

} // namespace

const DescriptorLayouts *descriptorLayouts(Target target) {
  return target == Target::GFX1100 ? &kGfx11 : nullptr;
}

} // namespace gcnkit::isa::image
