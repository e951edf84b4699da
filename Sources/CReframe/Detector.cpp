// The C interface of CReframe.h over OpenCV's cascade classifier, HOG people detector and spectral-residual saliency.
//
// OpenCV's detectMultiScale calls split their work over OpenCV's thread pool and gather candidates in whatever order
// the threads finish; the grouping that follows sums integer rectangles per cluster, so the set found does not depend
// on that order. Sorting the boxes below makes their order fixed too, so that the same picture always gives the same
// list without touching OpenCV's process-wide thread setting.
#include "CReframe.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>
#include <opencv2/saliency.hpp>

struct mb_reframe_detector {
    cv::CascadeClassifier faces;
    cv::HOGDescriptor people;
    cv::Ptr<cv::saliency::StaticSaliencySpectralResidual> saliency;
};

namespace {

void write_error(char *error, size_t size, const char *message) {
    if (error != nullptr && size > 0) std::snprintf(error, size, "%s", message);
}

mb_reframe_box make_box(const cv::Rect &rect, double score) {
    return mb_reframe_box{static_cast<float>(rect.x), static_cast<float>(rect.y), static_cast<float>(rect.width),
                          static_cast<float>(rect.height), static_cast<float>(score)};
}

// Strongest first; position then size break ties, so the order never depends on how the threads finished.
void sort_boxes(std::vector<mb_reframe_box> &boxes) {
    std::sort(boxes.begin(), boxes.end(), [](const mb_reframe_box &a, const mb_reframe_box &b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.x != b.x) return a.x < b.x;
        if (a.y != b.y) return a.y < b.y;
        if (a.width != b.width) return a.width < b.width;
        return a.height < b.height;
    });
}

// Faces at least a twentieth of the picture's short side; the score grows with the face's share of the picture.
std::vector<mb_reframe_box> detect_faces(mb_reframe_detector &detector, const cv::Mat &gray) {
    std::vector<cv::Rect> found;
    int smallest = std::max(12, std::min(gray.cols, gray.rows) / 20);
    detector.faces.detectMultiScale(gray, found, 1.1, 4, 0, cv::Size(smallest, smallest));
    std::vector<mb_reframe_box> boxes;
    double area = static_cast<double>(gray.cols) * gray.rows;
    for (const auto &rect : found) boxes.push_back(make_box(rect, std::min(1.0, 0.5 + rect.area() / area * 10)));
    return boxes;
}

// People need a 64x128 window: small pictures are enlarged so that a person a third of the picture high is found.
std::vector<mb_reframe_box> detect_people(mb_reframe_detector &detector, const cv::Mat &gray) {
    double factor = gray.rows < 384 ? 384.0 / gray.rows : 1.0;
    cv::Mat input = gray;
    if (factor > 1) cv::resize(gray, input, cv::Size(), factor, factor, cv::INTER_LINEAR);
    std::vector<cv::Rect> found;
    std::vector<double> weights;
    detector.people.detectMultiScale(input, found, weights, 0, cv::Size(8, 8), cv::Size(0, 0), 1.1, 2, false);
    std::vector<mb_reframe_box> boxes;
    for (size_t index = 0; index < found.size(); index++) {
        cv::Rect rect = found[index];
        cv::Rect scaled(cvRound(rect.x / factor), cvRound(rect.y / factor), cvRound(rect.width / factor),
                        cvRound(rect.height / factor));
        double weight = index < weights.size() ? weights[index] : 0;
        if (weight < 0.3) continue;
        boxes.push_back(make_box(scaled, std::min(1.0, weight / 2)));
    }
    return boxes;
}

// The salient regions: the saliency map split at Otsu's threshold into connected regions, scored by their share of
// the picture's saliency; regions under a twentieth of the strongest are dropped.
std::vector<mb_reframe_box> detect_salient(mb_reframe_detector &detector, const cv::Mat &gray) {
    cv::Mat map, scaled, mask, labels, stats, centroids;
    if (!detector.saliency->computeSaliency(gray, map)) return {};
    cv::normalize(map, scaled, 0, 255, cv::NORM_MINMAX, CV_8U);
    cv::threshold(scaled, mask, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
    int count = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
    std::vector<double> mass(count, 0);
    for (int row = 0; row < labels.rows; row++) {
        const int *label = labels.ptr<int>(row);
        const uint8_t *value = scaled.ptr<uint8_t>(row);
        for (int column = 0; column < labels.cols; column++) mass[label[column]] += value[column];
    }
    double total = 0, strongest = 0;
    for (int label = 1; label < count; label++) {
        total += mass[label];
        strongest = std::max(strongest, mass[label]);
    }
    std::vector<mb_reframe_box> boxes;
    for (int label = 1; label < count && total > 0; label++) {
        if (mass[label] < strongest / 20) continue;
        cv::Rect rect(stats.at<int>(label, cv::CC_STAT_LEFT), stats.at<int>(label, cv::CC_STAT_TOP),
                      stats.at<int>(label, cv::CC_STAT_WIDTH), stats.at<int>(label, cv::CC_STAT_HEIGHT));
        boxes.push_back(make_box(rect, mass[label] / total));
    }
    return boxes;
}

}  // namespace

extern "C" mb_reframe_detector *mb_reframe_detector_create(const char *face_cascade_path, char *error,
                                                          size_t error_size) {
    try {
        auto *detector = new mb_reframe_detector();
        if (!detector->faces.load(face_cascade_path)) {
            delete detector;
            write_error(error, error_size, "cannot load the face cascade");
            return nullptr;
        }
        detector->people.setSVMDetector(cv::HOGDescriptor::getDefaultPeopleDetector());
        detector->saliency = cv::saliency::StaticSaliencySpectralResidual::create();
        return detector;
    } catch (const std::exception &exception) {
        write_error(error, error_size, exception.what());
        return nullptr;
    }
}

extern "C" void mb_reframe_detector_destroy(mb_reframe_detector *detector) { delete detector; }

extern "C" int mb_reframe_detect(mb_reframe_detector *detector, mb_reframe_signal signal, const uint8_t *gray,
                                 int width, int height, int stride, mb_reframe_box *boxes, int capacity, char *error,
                                 size_t error_size) {
    if (detector == nullptr || gray == nullptr || width <= 0 || height <= 0 || stride < width || capacity < 0) {
        write_error(error, error_size, "invalid picture");
        return -1;
    }
    try {
        cv::Mat picture(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(stride));
        std::vector<mb_reframe_box> found;
        switch (signal) {
        case MB_REFRAME_FACES: found = detect_faces(*detector, picture); break;
        case MB_REFRAME_PEOPLE: found = detect_people(*detector, picture); break;
        case MB_REFRAME_SALIENT: found = detect_salient(*detector, picture); break;
        }
        sort_boxes(found);
        int written = std::min(capacity, static_cast<int>(found.size()));
        std::copy(found.begin(), found.begin() + written, boxes);
        return written;
    } catch (const std::exception &exception) {
        write_error(error, error_size, exception.what());
        return -1;
    }
}
